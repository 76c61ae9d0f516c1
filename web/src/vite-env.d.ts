/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** The public VAPID key of the project's Cloud Messaging web configuration (push). */
  readonly VITE_FIREBASE_VAPID_KEY?: string;
  /**
   * "true" when the Storage emulator runs beside the others (port 9199). It cannot start on
   * machines without its JAR, so image uploads are off locally unless this is set.
   */
  readonly VITE_STORAGE_EMULATOR?: string;
  /** Host of the local emulators; defaults to 127.0.0.1. */
  readonly VITE_EMULATOR_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
