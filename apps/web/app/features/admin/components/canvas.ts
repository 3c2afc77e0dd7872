// uPlot draws on a 2D canvas in a microtask after it is created, so a missing context fails where no try/catch of
// ours can catch it. A browser without canvas (or a test DOM) gets no chart; the tables beside the charts carry the
// same numbers.
export const canvasCanDraw = (): boolean => document.createElement('canvas').getContext('2d') !== null;
