/** A USD amount with two decimals and thousands separators, for the `view.Account.usd` message. */
export function usdAmount(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.')
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`
}
