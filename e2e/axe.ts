// axe-core over a page, as every spec that checks accessibility runs it (a11y.spec.ts, admin.spec.ts).
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core cannot parse CSS Color 4 values with a `none` component, which is how Chromium serialises Tailwind 4's
 * grey palette (`oklch(0.371 0 none)`): it then reports colour contrast as "incomplete" for nearly every text
 * element and never fails it (dequelabs/axe-core#4269, #5309). Before each scan, every element's text and
 * background colour is pinned to the sRGB value the browser actually paints (read back from a canvas), so
 * contrast is measured for real. Transitions are turned off first so nothing is caught mid-animation.
 */
async function paintColoursAsRgb(page: Page) {
  await page.evaluate(() => {
    if (!document.getElementById('a11y-no-motion')) {
      const style = document.createElement('style');
      style.id = 'a11y-no-motion';
      style.textContent = '*,*::before,*::after{transition:none!important;animation:none!important}';
      document.head.append(style);
    }
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const toRgb = (value: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = value;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return `rgba(${r}, ${g}, ${b}, ${Math.round((a! / 255) * 1000) / 1000})`;
    };
    for (const el of document.querySelectorAll<HTMLElement | SVGElement>('body *')) {
      const computed = getComputedStyle(el);
      for (const prop of ['color', 'background-color'] as const) {
        const value = computed.getPropertyValue(prop);
        if (/^(oklch|oklab|lch|lab|color)\(/.test(value))
          el.style.setProperty(prop, toRgb(value), 'important');
      }
    }
  });
}

/** Each violation once, with the nodes of every scan that found it. */
function merged(scans: Awaited<ReturnType<AxeBuilder['analyze']>>[]) {
  const byId = new Map<string, (typeof scans)[number]['violations'][number]>();
  for (const v of scans.flatMap((scan) => scan.violations)) {
    const seen = byId.get(v.id);
    if (!seen) byId.set(v.id, v);
    else {
      const targets = new Set(seen.nodes.map((n) => n.target.join(' ')));
      seen.nodes.push(...v.nodes.filter((n) => !targets.has(n.target.join(' '))));
    }
  }
  return [...byId.values()];
}

/** The tallest viewport a whole-page scan grows to; a longer page is scanned in its first this many pixels. */
const WHOLE_PAGE_MAX_HEIGHT = 2400;

/**
 * axe measures colour contrast only for what it can see on screen. The shop's pages are scanned at the top and at
 * the bottom (the footer). `wholePage` instead makes the viewport as tall as the page for one scan, so the middle
 * of a long form is measured too, and puts it back afterwards (the back office's pages, which have no footer).
 */
async function scans(page: Page, wholePage: boolean) {
  if (wholePage) {
    const size = page.viewportSize()!;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({
      width: size.width,
      height: Math.min(Math.max(height, size.height), WHOLE_PAGE_MAX_HEIGHT),
    });
    const all = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    await page.setViewportSize(size);
    return [all];
  }
  const top = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const bottom = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  await page.evaluate(() => window.scrollTo(0, 0));
  return [top, bottom];
}

/** Runs axe on the page as it is now; fails with a readable list of serious and critical violations. */
export async function expectNoSeriousViolations(
  page: Page,
  label: string,
  { wholePage = false }: { wholePage?: boolean } = {},
) {
  await paintColoursAsRgb(page);
  const violations = merged(await scans(page, wholePage));
  const serious = violations.filter(
    (v) => (v.impact === 'serious' || v.impact === 'critical') && v.nodes.length > 0,
  );
  const report = serious
    .map(
      (v) =>
        `${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
  expect(
    serious.map((v) => v.id),
    `axe on ${label}:\n${report}`,
  ).toEqual([]);
}

/**
 * The WCAG contrast ratio of a form field's typed text against what is painted behind it (its own background, or
 * the nearest ancestor's that is not transparent). axe leaves the text typed into inputs out of its contrast rule,
 * so a field whose text is as dark as the block around it passes axe; this measures it.
 */
export async function typedTextContrast(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((field) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (value: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = value;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data] as [number, number, number, number];
    };
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    let background: number[] = [255, 255, 255, 255];
    for (let el: Element | null = field; el; el = el.parentElement) {
      const paint = rgba(getComputedStyle(el).backgroundColor);
      if (paint[3] > 0) {
        background = paint;
        break;
      }
    }
    const text = luminance(rgba(getComputedStyle(field).color));
    const behind = luminance(background);
    return (Math.max(text, behind) + 0.05) / (Math.min(text, behind) + 0.05);
  });
}
