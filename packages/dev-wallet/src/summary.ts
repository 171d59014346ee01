import { formatEther, hexToString, isHex } from 'viem'

const MAX_LENGTH = 80

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > MAX_LENGTH ? `${flat.slice(0, MAX_LENGTH - 1)}…` : flat
}

function shortAddress(value: unknown): string {
  return typeof value === 'string' && value.length > 12
    ? `${value.slice(0, 6)}…${value.slice(-4)}`
    : String(value)
}

function readableMessage(message: unknown): string {
  if (typeof message !== 'string') return ''
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    // Binary payloads (hashes) stay hex: control characters would make the line unreadable.
    // eslint-disable-next-line no-control-regex
    return /^[^\u0000-\u0008\u000e-\u001f\ufffd]*$/.test(text) ? text : message
  } catch {
    return message
  }
}

function ether(value: unknown): string {
  return typeof value === 'string' && isHex(value) ? `${formatEther(BigInt(value))} ETH` : '0 ETH'
}

/** One short line that tells a person what a pending request asks for. */
export function summarize(method: string, params: unknown): string {
  const list = Array.isArray(params) ? params : []
  const first = (list[0] ?? {}) as Record<string, unknown>
  switch (method) {
    case 'eth_requestAccounts':
    case 'wallet_requestPermissions':
      return shorten('Connect this site to your accounts')
    case 'personal_sign':
      return shorten(`Sign message: ${readableMessage(list[0])}`)
    case 'eth_signTypedData_v4': {
      let primaryType = 'typed data'
      try {
        const data = typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]
        primaryType = String(data?.primaryType ?? primaryType)
      } catch {
        // The request itself will fail on this; the summary only needs a label.
      }
      return shorten(`Sign ${primaryType}`)
    }
    case 'eth_sendTransaction':
      return shorten(
        first.to
          ? `Send ${ether(first.value)} to ${shortAddress(first.to)}`
          : `Deploy a contract (${ether(first.value)})`,
      )
    case 'wallet_addEthereumChain':
      return shorten(`Add network ${String(first.chainName)} (${String(first.chainId)})`)
    case 'wallet_sendCalls': {
      const count = Array.isArray(first.calls) ? first.calls.length : 0
      return shorten(`Send a batch of ${count} call${count === 1 ? '' : 's'}`)
    }
    default:
      return shorten(method)
  }
}
