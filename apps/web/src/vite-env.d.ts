/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COPYRIGHT?: string;
  readonly VITE_ICP?: string;
}
