import { useLatchAccount, useLatchAccountData, useLatchNetwork } from '@latch/react'

const NONE = '—'

/** The account hooks' live values, as a host would read them (SPEC §3's account state). */
export function AccountDetails() {
  const account = useLatchAccount()
  const data = useLatchAccountData()
  const { activeNetwork, activeCaipNetworkId, isUnsupported } = useLatchNetwork()
  const balance =
    data.balance !== undefined
      ? `${data.balance} ${data.balanceSymbol ?? ''}`.trim()
      : data.balanceLoading
        ? 'loading…'
        : NONE
  const network = activeNetwork
    ? `${activeNetwork.name} (${activeNetwork.caipNetworkId})`
    : activeCaipNetworkId
      ? `${activeCaipNetworkId}${isUnsupported ? ' (unsupported)' : ''}`
      : NONE
  const rows: Array<[id: string, term: string, value: string]> = [
    ['status', 'status', account.status],
    ['is-connected', 'isConnected', String(account.isConnected)],
    ['address', 'address', account.address ?? NONE],
    ['caip-address', 'caipAddress', account.caipAddress ?? NONE],
    ['balance', 'balance', balance],
    [
      'tokens',
      'tokens',
      data.tokenBalance?.length
        ? data.tokenBalance.map((token) => `${token.quantity.numeric} ${token.symbol}`).join(', ')
        : NONE,
    ],
    ['network', 'active network', network],
  ]
  return (
    <section aria-labelledby="account-heading" className="card">
      <h2 id="account-heading">Account hooks</h2>
      <dl className="values">
        {rows.map(([id, term, value]) => (
          <div key={id}>
            <dt>{term}</dt>
            <dd id={`account-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
