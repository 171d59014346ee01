/**
 * The cluster's state: slots, block height, epoch, blockhash, version, health, genesis hash and
 * rent. They read the chain and change nothing.
 */
import { createHash } from 'node:crypto'
import { FeatureSet } from 'litesvm'
import { z } from 'zod'
import { SLOTS_PER_EPOCH } from '../../chain.js'
import {
  assertMinContextSlot,
  SOLANA_API_VERSION,
  withContext,
  type RpcContext,
} from '../context.js'
import { rpcMethod, type RpcMethod } from '../jsonrpc.js'
import { contextConfig, usize } from '../schemas.js'

/** solana's MAX_PERMITTED_DATA_LENGTH. */
const MAX_ACCOUNT_DATA_BYTES = 10 * 1024 * 1024

const noParams = z.tuple([])
const contextOnly = z.tuple([contextConfig.nullish()])

let featureSetId: number | undefined
/**
 * getVersion's `feature-set`: a node reports a u32 identifying its set of active features. Here
 * it is the first four bytes of sha256 over LiteSVM's active feature ids (all of them), so it
 * changes only when LiteSVM's feature set does.
 */
function featureSet(): number {
  if (featureSetId === undefined) {
    const ids = FeatureSet.allEnabled()
      .getActiveFeatures()
      .map((id) => Buffer.from(id))
      .sort(Buffer.compare)
    featureSetId = createHash('sha256').update(Buffer.concat(ids)).digest().readUInt32LE(0)
  }
  return featureSetId
}

export const clusterMethods: Record<string, RpcMethod<RpcContext>> = {
  getSlot: rpcMethod(contextOnly, ({ chain }, [config]) => {
    assertMinContextSlot(chain, config?.minContextSlot)
    return chain.slot
  }),

  // No slot is ever skipped, so the block height is the slot.
  getBlockHeight: rpcMethod(contextOnly, ({ chain }, [config]) => {
    assertMinContextSlot(chain, config?.minContextSlot)
    return chain.slot
  }),

  getEpochInfo: rpcMethod(contextOnly, ({ chain }, [config]) => {
    assertMinContextSlot(chain, config?.minContextSlot)
    return {
      absoluteSlot: chain.slot,
      blockHeight: chain.slot,
      epoch: chain.slot / SLOTS_PER_EPOCH,
      slotIndex: chain.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: chain.transactionCount,
    }
  }),

  getLatestBlockhash: rpcMethod(contextOnly, ({ chain }, [config]) => {
    assertMinContextSlot(chain, config?.minContextSlot)
    return withContext(chain, chain.latestBlockhash())
  }),

  // Capped at the largest account the runtime allows (10 MiB), far from overflowing u64 rent.
  getMinimumBalanceForRentExemption: rpcMethod(
    z.tuple([
      usize.max(MAX_ACCOUNT_DATA_BYTES),
      z.object({ commitment: contextConfig.shape.commitment }).nullish(),
    ]),
    ({ chain }, [dataLength]) => chain.svm.minimumBalanceForRentExemption(BigInt(dataLength)),
  ),

  getVersion: rpcMethod(noParams, () => ({
    'solana-core': SOLANA_API_VERSION,
    'feature-set': featureSet(),
  })),

  getHealth: rpcMethod(noParams, () => 'ok'),

  getGenesisHash: rpcMethod(noParams, ({ chain }) => chain.genesisHash),
}
