import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Screens are lazy route modules; the shared vendor code is split into a few long-cached chunks so the
// /login entry stays small (bench/ measures it).
export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](?!charts)|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx)/,
              priority: 20,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/](react-router|@tanstack|i18next|react-i18next|zod)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
