import { erc20Abi, erc20Abi_bytes32, hexToString, type Address, type Client } from 'viem'
import { readContract } from 'viem/actions'

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
  client: Client,
  token: Address,
  owner: Address,
): Promise<Erc20Info> {
  const [name, symbol, decimals, balance] = await Promise.all([
    readText(client, token, 'name'),
    readText(client, token, 'symbol'),
    readContract(client, { address: token, abi: erc20Abi, functionName: 'decimals' }),
    readContract(client, {
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    }),
  ])
  return { address: token, name, symbol, decimals, balance }
}

async function readText(client: Client, token: Address, functionName: 'name' | 'symbol') {
  try {
    return await readContract(client, { address: token, abi: erc20Abi, functionName })
  } catch {
    const raw = await readContract(client, { address: token, abi: erc20Abi_bytes32, functionName })
    return hexToString(raw, { size: 32 })
  }
}
