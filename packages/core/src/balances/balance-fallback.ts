/** SPEC §8: a failed balance shows '0.00' with the network's symbol (ETH by default). */
export const BALANCE_FALLBACK = '0.00'
