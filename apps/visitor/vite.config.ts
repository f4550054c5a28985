import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourceConditions } from '../../config/vite-source.ts';

export default defineConfig({
  base: '/chat/',
  plugins: [react()],
  resolve: { conditions: sourceConditions },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
