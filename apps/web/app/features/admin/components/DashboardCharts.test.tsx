// @vitest-environment happy-dom
// happy-dom's canvas has no 2D context, like a browser without canvas: uPlot would fail later, in a microtask of
// its own, where the chart's try/catch cannot catch it.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Chart } from './DashboardCharts';

afterEach(cleanup);

describe('a chart where the browser cannot draw', () => {
  it('draws nothing and leaves nothing to fail later; the tables carry the numbers', async () => {
    const { container } = render(
      <Chart
        title="Sales per day"
        options={{ series: [{}, { label: 'Sales' }] }}
        data={[
          [1, 2],
          [10, 20],
        ]}
      />,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(container.querySelector('.uplot')).toBeNull();
    expect(container.querySelector('figcaption')?.textContent).toBe('Sales per day');
  });
});
