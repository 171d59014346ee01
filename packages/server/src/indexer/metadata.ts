import {
  erc1155Abi,
  erc20Abi,
  erc721Abi,
  getAddress,
  hexToString,
  parseAbi,
  type Hex,
  type PublicClient,
} from 'viem'

/** A token contract's metadata; a field the contract does not answer is undefined. */
export interface ContractMetadata {
  name: string | undefined
  symbol: string | undefined
  decimals: number | undefined
}

/** MKR-style tokens answer `name()` and `symbol()` as bytes32. */
const bytes32MetadataAbi = parseAbi([
  'function name() view returns (bytes32)',
  'function symbol() view returns (bytes32)',
])

async function readText(
  client: PublicClient,
  address: Hex,
  functionName: 'name' | 'symbol',
): Promise<string | undefined> {
  try {
    return await client.readContract({ address, abi: erc20Abi, functionName })
  } catch {
    try {
      const raw = await client.readContract({ address, abi: bytes32MetadataAbi, functionName })
      return hexToString(raw, { size: 32 }).replace(/\0+$/, '')
    } catch {
      return undefined
    }
  }
}

/**
 * `name()`, `symbol()` and `decimals()` of a token contract, string or bytes32, each optional
 * (ERC-721 has no decimals, ERC-1155 often none of them). The reads go out as one batch.
 */
export async function readContractMetadata(
  client: PublicClient,
  contract: string,
): Promise<ContractMetadata> {
  const address = getAddress(contract)
  const [name, symbol, decimals] = await Promise.all([
    readText(client, address, 'name'),
    readText(client, address, 'symbol'),
    client
      .readContract({ address, abi: erc20Abi, functionName: 'decimals' })
      .catch(() => undefined),
  ])
  return { name, symbol, decimals }
}

/** An NFT's metadata: its URI, and the name, image and description an inline URI holds. */
export interface NftMetadata {
  uri: string | undefined
  name: string | undefined
  image: string | undefined
  description: string | undefined
}

/**
 * Reads an NFT's URI (`tokenURI` for ERC-721, `uri` for ERC-1155 with its `{id}` filled in) and,
 * when it is a `data:` URI, the JSON's `name`, `image` and `description`, each cut to a bound.
 * Other URIs are kept as they are and never fetched: the server does not reach out to arbitrary
 * hosts on a token's say-so.
 */
export async function readNftMetadata(
  client: PublicClient,
  kind: 'erc721' | 'erc1155',
  contract: string,
  tokenId: bigint,
): Promise<NftMetadata> {
  const address = getAddress(contract)
  let uri: string | undefined
  try {
    uri =
      kind === 'erc721'
        ? await client.readContract({
            address,
            abi: erc721Abi,
            functionName: 'tokenURI',
            args: [tokenId],
          })
        : (
            await client.readContract({
              address,
              abi: erc1155Abi,
              functionName: 'uri',
              args: [tokenId],
            })
          ).replace('{id}', tokenId.toString(16).padStart(64, '0'))
  } catch {
    uri = undefined
  }
  const json = uri === undefined ? undefined : inlineJson(uri)
  return {
    uri,
    name: typeof json?.name === 'string' ? json.name.slice(0, 256) : undefined,
    image: typeof json?.image === 'string' ? json.image.slice(0, 65_536) : undefined,
    description:
      typeof json?.description === 'string' ? json.description.slice(0, 5_000) : undefined,
  }
}

/** The object a `data:application/json` URI holds (base64 or percent-encoded), if any. */
export function inlineJson(uri: string): Record<string, unknown> | undefined {
  const match = /^data:application\/json(?:;charset=[^;,]+)?(;base64)?,(.*)$/s.exec(uri)
  if (!match) return undefined
  try {
    const text = match[1]
      ? Buffer.from(match[2]!, 'base64').toString('utf8')
      : decodeURIComponent(match[2]!)
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
