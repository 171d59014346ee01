import {
  decodeAbiParameters,
  hexToBigInt,
  keccak256,
  sliceHex,
  toHex,
  zeroAddress,
  type Hex,
} from 'viem'

// Turning a block's transactions, receipts and logs into the rows the indexer stores. Pure: the
// chain is read elsewhere (steps.ts), the database written elsewhere (store.ts).

/** `Transfer(address,address,uint256)`: ERC-20 (3 topics) and ERC-721 (4 topics, id indexed). */
export const TRANSFER_TOPIC = keccak256(toHex('Transfer(address,address,uint256)'))
/** ERC-1155 `TransferSingle(address,address,address,uint256,uint256)`. */
export const TRANSFER_SINGLE_TOPIC = keccak256(
  toHex('TransferSingle(address,address,address,uint256,uint256)'),
)
/** ERC-1155 `TransferBatch(address,address,address,uint256[],uint256[])`. */
export const TRANSFER_BATCH_TOPIC = keccak256(
  toHex('TransferBatch(address,address,address,uint256[],uint256[])'),
)

/** A log as `eth_getLogs` answers it (the fields the indexer reads). */
export interface RawLog {
  address: Hex
  topics: Hex[]
  data: Hex
  blockNumber: Hex
  blockHash: Hex
  transactionIndex: Hex
  logIndex: Hex
  removed?: boolean
}

/** A transfer, as the `chain_transfers` row holds it (addresses lower case). */
export interface DecodedTransfer {
  blockNumber: number
  txIndex: number
  logIndex: number
  batchIndex: number
  kind: 'native' | 'erc20' | 'erc721' | 'erc1155'
  token: string | null
  tokenId: string | null
  from: string
  to: string
  amount: string
}

const topicAddress = (topic: Hex | undefined): string =>
  topic === undefined ? zeroAddress : sliceHex(topic, 12).toLowerCase()

/**
 * The transfers one log holds: none for a log that is not a transfer (or is malformed: a token
 * may emit anything), one for ERC-20/721 and `TransferSingle`, one per entry of `TransferBatch`.
 */
export function decodeTransferLog(log: RawLog): DecodedTransfer[] {
  const base = {
    blockNumber: Number(hexToBigInt(log.blockNumber)),
    txIndex: Number(hexToBigInt(log.transactionIndex)),
    logIndex: Number(hexToBigInt(log.logIndex)),
    token: log.address.toLowerCase(),
  }
  const [topic0, ...rest] = log.topics
  try {
    if (topic0 === TRANSFER_TOPIC && rest.length === 2 && log.data.length === 66) {
      return [
        {
          ...base,
          batchIndex: 0,
          kind: 'erc20',
          tokenId: null,
          from: topicAddress(rest[0]),
          to: topicAddress(rest[1]),
          amount: hexToBigInt(log.data).toString(),
        },
      ]
    }
    if (topic0 === TRANSFER_TOPIC && rest.length === 3) {
      return [
        {
          ...base,
          batchIndex: 0,
          kind: 'erc721',
          tokenId: hexToBigInt(rest[2]!).toString(),
          from: topicAddress(rest[0]),
          to: topicAddress(rest[1]),
          amount: '1',
        },
      ]
    }
    if (topic0 === TRANSFER_SINGLE_TOPIC && rest.length === 3) {
      const [id, value] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data)
      return [
        {
          ...base,
          batchIndex: 0,
          kind: 'erc1155',
          tokenId: id.toString(),
          from: topicAddress(rest[1]),
          to: topicAddress(rest[2]),
          amount: value.toString(),
        },
      ]
    }
    if (topic0 === TRANSFER_BATCH_TOPIC && rest.length === 3) {
      const [ids, values] = decodeAbiParameters(
        [{ type: 'uint256[]' }, { type: 'uint256[]' }],
        log.data,
      )
      if (ids.length !== values.length) return []
      return ids.map((id, batchIndex) => ({
        ...base,
        batchIndex,
        kind: 'erc1155' as const,
        tokenId: id.toString(),
        from: topicAddress(rest[1]),
        to: topicAddress(rest[2]),
        amount: values[batchIndex]!.toString(),
      }))
    }
  } catch {
    return []
  }
  return []
}
