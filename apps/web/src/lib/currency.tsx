import { currencySymbolOf } from '@tidemark/contract';
import { formatCurrency, type CurrencyOptions } from '@tidemark/format';
import { createContext, useCallback, useContext, type ReactNode } from 'react';

/**
 * The workspace's currency symbol (tenant info currency_symbol), provided once by the app shell so every
 * card and detail page shows money the same way, whatever the server pre-formatted.
 */
const CurrencyContext = createContext<string | undefined>(undefined);

export function CurrencyProvider({ symbol, children }: { symbol: string | undefined; children: ReactNode }) {
  return <CurrencyContext.Provider value={symbol}>{children}</CurrencyContext.Provider>;
}

export function useCurrencySymbol(): string | undefined {
  return useContext(CurrencyContext);
}

/** The symbol a money metric is shown with: its own currency's (kpi_currency), else the workspace's. */
export function useMoneySymbol(currency: string | null | undefined): string | undefined {
  const workspace = useCurrencySymbol();
  return currencySymbolOf(currency) ?? workspace;
}

/** Money in the workspace's currency: `formatMoney(1234.5)` → '€1.2k'; '-' for a missing value. */
export function useFormatMoney(): (
  value: number | null | undefined,
  options?: Omit<CurrencyOptions, 'symbol'>,
) => string {
  const symbol = useCurrencySymbol();
  return useCallback(
    (value, options = {}) => formatCurrency(value, { ...options, ...(symbol ? { symbol } : {}) }),
    [symbol],
  );
}
