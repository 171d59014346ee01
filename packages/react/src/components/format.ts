/** 0x1234…abcd: enough of an address to recognise it, short enough for a button. */
export function shortAddress(address: string): string {
  return address.length > 13 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/** A balance for display: at most `digits` fraction digits, cut (never rounded up). */
export function displayBalance(balance: string, digits = 4): string {
  const [whole = '0', fraction = ''] = balance.split('.')
  const cut = fraction.slice(0, digits).replace(/0+$/, '')
  return cut ? `${whole}.${cut}` : whole
}
