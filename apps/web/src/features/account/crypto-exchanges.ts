/** The external services of the Buy Crypto page (seed-spec §2): independent exchanges, opened in a new tab. */
export const CRYPTO_EXCHANGES = [
  {
    name: 'Coinbase',
    url: 'https://www.coinbase.com/',
    description: 'US-listed exchange with card and bank purchases.',
  },
  {
    name: 'Binance',
    url: 'https://www.binance.com/',
    description: 'Large global exchange with many coins and payment methods.',
  },
  {
    name: 'Kraken',
    url: 'https://www.kraken.com/',
    description: 'Long-running exchange with bank transfers in many currencies.',
  },
  {
    name: 'Bitstamp',
    url: 'https://www.bitstamp.net/',
    description: 'One of the oldest exchanges, licensed in the EU, UK and US.',
  },
  {
    name: 'Crypto.com',
    url: 'https://crypto.com/',
    description: 'App-based exchange with card purchases.',
  },
] as const;
