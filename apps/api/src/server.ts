// Production entry point (`npm start`). React, React DOM and React Router pick their production builds from
// NODE_ENV when first imported; without it every page renders through React's development build, several times
// slower. Static imports would load them before this line runs, hence the dynamic import.
process.env.NODE_ENV ??= 'production';

const { main, exitOnStartFailure } = await import('./serve.ts');
await main().catch(exitOnStartFailure);
export {};
