// The slide form's values and the body they become (docs/admin.md#hero-slides). The window's inputs are
// datetime-local (the member's own clock, no zone) while the API takes ISO 8601 instants, so the form converts
// both ways; the resolver checks the body with the contract's own schema, so each field shows the API's message.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminSlide,
  type AdminSlideCreateBody,
  adminSlideCreateBodySchema,
} from '@rangrez/contract/schemas/admin-slides';
import type { Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';

export interface SlideFormValues {
  title: string;
  subtitle: string;
  cta: string;
  ctaLink: string;
  isActive: boolean;
  /** datetime-local text ('2026-12-01T09:30'), '' for an open side. */
  startsAt: string;
  endsAt: string;
  desktopMediaId: string | null;
  mobileMediaId: string | null;
}

export const EMPTY_SLIDE_FORM: SlideFormValues = {
  title: '',
  subtitle: '',
  cta: '',
  ctaLink: '',
  isActive: false,
  startsAt: '',
  endsAt: '',
  desktopMediaId: null,
  mobileMediaId: null,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it, on this browser's clock; null is ''. */
export function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; '' is null. Text no date reads is passed on for the schema to refuse. */
export function isoFromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

export function formFromSlide(s: AdminSlide): SlideFormValues {
  return {
    title: s.title,
    subtitle: s.subtitle,
    cta: s.cta,
    ctaLink: s.ctaLink,
    isActive: s.isActive,
    startsAt: localInputValue(s.startsAt),
    endsAt: localInputValue(s.endsAt),
    desktopMediaId: s.desktopMediaId,
    mobileMediaId: s.mobileMediaId,
  };
}

/** The API's body: every field, so a new slide and an edit send the same (PATCH takes each field as optional). */
export function slideBody(v: SlideFormValues) {
  return {
    title: v.title.trim(),
    subtitle: v.subtitle.trim(),
    cta: v.cta.trim(),
    ctaLink: v.ctaLink.trim(),
    isActive: v.isActive,
    startsAt: isoFromLocalInput(v.startsAt),
    endsAt: isoFromLocalInput(v.endsAt),
    desktopMediaId: v.desktopMediaId,
    mobileMediaId: v.mobileMediaId,
  };
}

const check = zodResolver(adminSlideCreateBodySchema);

/** The body's fields have the form's names, so each of the schema's errors lands on its own field. */
export const slideResolver: Resolver<SlideFormValues, unknown, AdminSlideCreateBody> = async (
  values,
  context,
  options: ResolverOptions<SlideFormValues>,
) =>
  (await check(slideBody(values) as never, context, options as never)) as ResolverResult<
    SlideFormValues,
    AdminSlideCreateBody
  >;
