import { useEffect, useState } from 'react';

type Format = (phone: string | null | undefined) => string;

let loaded: Format | null = null;
let loading: Promise<Format> | null = null;
const load = () => {
  loading ??= import('./phone-format.ts').then((module) => {
    loaded = module.formatPhone;
    return loaded;
  });
  return loading;
};

const asStored: Format = (phone) => phone ?? '';

/**
 * Phone numbers as people read them ("+1 759 555 6540"), from a screen that shows some: shown as stored
 * until the formatter has loaded (once per visit), then formatted.
 */
export function useFormatPhone(): Format {
  const [format, setFormat] = useState<Format>(() => loaded ?? asStored);
  useEffect(() => {
    if (loaded) return;
    let active = true;
    void load().then((next) => {
      if (active) setFormat(() => next);
    });
    return () => {
      active = false;
    };
  }, []);
  return format;
}

/** The number for a tel: link: digits and the leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
