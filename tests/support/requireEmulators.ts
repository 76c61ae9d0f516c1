/** Emulator suites never skip silently: without the emulators they stop with a clear error. */
export default function requireEmulators(): void {
  const missing = ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST'].filter(
    (name) => !process.env[name],
  );
  if (missing.length > 0) {
    throw new Error(
      `The emulator suites need the Firebase emulators (${missing.join(', ')} not set). ` +
        'Run them with `npm test`, which starts the emulators first.',
    );
  }
}
