/**
 * Which Firebase project the app talks to, without loading any Firebase SDK: a `demo-` project
 * id (the default) means the local Emulator Suite, where nothing leaves the machine.
 */
import { firebaseTarget } from './firestoreRest';

/** The project, and where the local emulators listen (when `usesEmulators`). */
export const { projectId, emulatorHost } = firebaseTarget(import.meta.env);

export const usesEmulators = projectId.startsWith('demo-');
