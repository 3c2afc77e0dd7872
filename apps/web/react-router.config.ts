import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // Loaders and components in separate chunks: a route's client code loads only what the page runs.
  future: { v8_splitRouteModules: true },
} satisfies Config;
