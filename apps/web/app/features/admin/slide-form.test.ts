import { describe, expect, it } from 'vitest';
import { makeSlide } from './test-helpers';
import { EMPTY_SLIDE_FORM, formFromSlide, isoFromLocalInput, localInputValue, slideBody } from './slide-form';

describe('slide form values', () => {
  it('turns datetime-local text into ISO instants and back, on this clock', () => {
    const iso = isoFromLocalInput('2026-12-01T09:30');
    expect(iso).toBe(new Date('2026-12-01T09:30').toISOString());
    expect(localInputValue(iso)).toBe('2026-12-01T09:30');
    expect(isoFromLocalInput('  ')).toBeNull();
    expect(localInputValue(null)).toBe('');
  });

  it('passes text no date reads on, for the schema to refuse', () => {
    expect(isoFromLocalInput('tomorrow')).toBe('tomorrow');
  });

  it('sends every field, trimmed, with an open window as null', () => {
    expect(slideBody({ ...EMPTY_SLIDE_FORM, title: '  Diwali drop ' })).toEqual({
      title: 'Diwali drop',
      subtitle: '',
      cta: '',
      ctaLink: '',
      isActive: false,
      startsAt: null,
      endsAt: null,
      desktopMediaId: null,
      mobileMediaId: null,
    });
  });

  it('fills the form from a slide, the window on this clock', () => {
    const slide = makeSlide(1, { startsAt: '2026-12-01T04:00:00.000Z', desktopMediaId: 'm1' });
    const values = formFromSlide(slide);
    expect(values.startsAt).toBe(localInputValue('2026-12-01T04:00:00.000Z'));
    expect(slideBody(values).startsAt).toBe('2026-12-01T04:00:00.000Z');
    expect(values.desktopMediaId).toBe('m1');
  });
});
