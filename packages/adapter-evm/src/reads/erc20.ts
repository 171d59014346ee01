import { erc20Abi, erc20Abi_bytes32, hexToString, type Address, type PublicClient } from 'viem'

export interface Erc20Info {
  address: Address
  name: string
  symbol: string
  decimals: number
  balance: bigint
}

/**
 * Reads an ERC-20's metadata and `owner`'s balance. SPEC §5: when reading the symbol (or name)
 * as a string fails, it is read again as bytes32 (tokens like MKR predate the string ABI).
 */
export async function readErc20(
  client: PublicClient,
  token: Address,
  owner: Address,
): Promise<Erc20Info> {
  const [name, symbol, decimals, balance] = await Promise.all([
    readText(client, token, 'name'),
    readText(client, token, 'symbol'),
    client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
    client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    }),
  ])
  return { address: token, name, symbol, decimals, balance }
}

async function readText(client: PublicClient, token: Address, functionName: 'name' | 'symbol') {
  try {
    return await client.readContract({ address: token, abi: erc20Abi, functionName })
  } catch {
    const raw = await client.readContract({ address: token, abi: erc20Abi_bytes32, functionName })
    return hexToString(raw, { size: 32 })
  }
}
