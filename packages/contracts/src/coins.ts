import { z } from 'zod';

/** The coins a customer can deposit with and withdraw to. */
export const COINS = ['bitcoin', 'ethereum', 'usdt'] as const;
export const CoinSchema = z.enum(COINS);
export type Coin = z.infer<typeof CoinSchema>;

export type CoinSpec = {
  coin: Coin;
  /** As the seed's deposit step 2 names it. */
  label: string;
  ticker: string;
  /** Digits of the coin's smallest unit (satoshi, wei, micro-USDT). */
  decimals: number;
  /** The market instrument that prices it in USD; null for USDT, which is taken at 1 USD. */
  usdSymbol: string | null;
};

export const COIN_SPECS = {
  bitcoin: { coin: 'bitcoin', label: 'Bitcoin(BTC)', ticker: 'BTC', decimals: 8, usdSymbol: 'BTCUSD' },
  ethereum: { coin: 'ethereum', label: 'Ethereum(ETH)', ticker: 'ETH', decimals: 18, usdSymbol: 'ETHUSD' },
  usdt: { coin: 'usdt', label: 'USDT(Trc20)', ticker: 'USDT', decimals: 6, usdSymbol: null },
} as const satisfies Record<Coin, CoinSpec>;

/** Crypto amounts are quoted and shown with this many decimals (seed §9). */
export const CRYPTO_DISPLAY_DECIMALS = 6;

/** An address of each coin (null: none), as the platform's deposit addresses are kept. */
export const CoinAddressesSchema = z
  .object({
    bitcoin: z.string().nullable(),
    ethereum: z.string().nullable(),
    /** A Tron address: USDT is received as a TRC-20 token. */
    usdt: z.string().nullable(),
  })
  .meta({ id: 'CoinAddresses' });
export type CoinAddresses = z.infer<typeof CoinAddressesSchema>;
