import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` sends API and socket traffic: a server started with `npm start`. */
const DEV_BACKEND = process.env.TESSERA_DEV_BACKEND ?? 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': { target: DEV_BACKEND, changeOrigin: false },
      '/ws': { target: DEV_BACKEND, ws: true },
    },
  },
});
