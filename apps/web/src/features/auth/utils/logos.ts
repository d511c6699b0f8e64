import googleLogo from '../assets/providers/google.svg';
import microsoftLogo from '../assets/providers/microsoft.svg';

/** Logos ship with the app (no content host at run time); looked up by file name. */
const brandLogos = import.meta.glob<string>('../assets/logos/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

export function brandLogoUrl(name: string): string | null {
  return brandLogos[`../assets/logos/${name}.svg`] ?? null;
}

/** The fictional brands shown in the "trusted by" row, in display order. */
export const CUSTOMER_LOGOS = [
  { file: 'northwind-goods', name: 'Northwind Goods' },
  { file: 'alder-pine', name: 'Alder & Pine' },
  { file: 'kestrel-outdoor', name: 'Kestrel Outdoor' },
  { file: 'lumen-skin', name: 'Lumen Skin' },
  { file: 'harbor-coffee', name: 'Harbor Coffee Co.' },
  { file: 'fernway-home', name: 'Fernway Home' },
] as const;

export const PROVIDER_LOGOS = { google: googleLogo, microsoft: microsoftLogo } as const;
