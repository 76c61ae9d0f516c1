/**
 * Which Firebase project the app talks to, without loading any Firebase SDK: a `demo-` project
 * id (the default) means the local Emulator Suite, where nothing leaves the machine.
 */
const env = import.meta.env;

export const projectId = env.VITE_FIREBASE_PROJECT_ID ?? 'demo-rafflewin';

export const usesEmulators = projectId.startsWith('demo-');

/** Where the local emulators listen (when `usesEmulators`). */
export const emulatorHost = env.VITE_EMULATOR_HOST ?? '127.0.0.1';
