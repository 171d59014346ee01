import {
  erc20Abi,
  getAddress,
  multicall3Abi,
  type Address,
  type ContractFunctionParameters,
  type PublicClient,
} from 'viem'

/** Multicall3's address, the same on every chain that has it (and on the Latch devnet). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** How long a chain's "has Multicall3" answer is kept before it is asked again. */
const MULTICALL_CHECK_MS = 5 * 60_000

const multicallChecks = new WeakMap<PublicClient, { at: number; has: Promise<boolean> }>()

/** Whether Multicall3 is deployed on the client's chain (asked once per few minutes). */
export function hasMulticall3(client: PublicClient, now: number): Promise<boolean> {
  const known = multicallChecks.get(client)
  if (known && now - known.at < MULTICALL_CHECK_MS) return known.has
  const has = client
    .getCode({ address: MULTICALL3_ADDRESS })
    .then((code) => code !== undefined && code !== '0x')
    .catch(() => false)
  multicallChecks.set(client, { at: now, has })
  return has
}

/**
 * The balances of `account` in the native currency (`native`) and each token, as exact integers.
 * With Multicall3 on the chain, all of them come from one `eth_call` at one block (its
 * `getEthBalance` for the native currency); without it, from one JSON-RPC batch of
 * `eth_getBalance` and `balanceOf` calls (the client batches). A token whose call fails is left
 * out; the native balance's failure fails the read.
 */
export async function readBalances(
  client: PublicClient,
  account: string,
  tokens: readonly string[],
  now: number,
): Promise<Map<string, bigint>> {
  const owner = getAddress(account)
  const erc20s = tokens.filter((token) => token !== 'native')
  const wantsNative = tokens.includes('native')
  const balances = new Map<string, bigint>()
  if (await hasMulticall3(client, now)) {
    // One list of two ABIs: typed as plain call parameters, each result checked to be a uint.
    const contracts: ContractFunctionParameters[] = [
      {
        address: MULTICALL3_ADDRESS,
        abi: multicall3Abi,
        functionName: 'getEthBalance',
        args: [owner],
      },
      ...erc20s.map((token) => ({
        address: getAddress(token),
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      })),
    ]
    const results = await client.multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      allowFailure: true,
      contracts,
    })
    const [native, ...rest] = results
    if (wantsNative) {
      if (native?.status !== 'success' || typeof native.result !== 'bigint') {
        throw new Error('Native balance read failed')
      }
      balances.set('native', native.result)
    }
    rest.forEach((result, index) => {
      if (result.status === 'success' && typeof result.result === 'bigint') {
        balances.set(erc20s[index]!, result.result)
      }
    })
    return balances
  }
  const [native, ...rest] = await Promise.all([
    wantsNative ? client.getBalance({ address: owner }) : Promise.resolve(undefined),
    ...erc20s.map((token) =>
      client
        .readContract({
          address: getAddress(token),
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner],
        })
        .catch(() => undefined),
    ),
  ])
  if (native !== undefined) balances.set('native', native)
  rest.forEach((balance, index) => {
    if (balance !== undefined) balances.set(erc20s[index]!, balance)
  })
  return balances
}
