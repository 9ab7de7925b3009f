import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sourceAlias } from './vite.config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: sourceAlias },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // The first antd form a file renders in jsdom takes about a second on a quiet two-core machine,
    // and five under load: a hung test still fails, a busy machine no longer does.
    testTimeout: 20_000,
  },
});
