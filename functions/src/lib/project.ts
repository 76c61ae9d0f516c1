/**
 * The project this process serves, as the Functions runtime (and the emulator) names it;
 * undefined when neither variable is set.
 */
export function runningProject(): string | undefined {
  return process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT;
}
