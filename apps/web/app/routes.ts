import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('404', 'routes/not-found.tsx'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
