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
  },
});
