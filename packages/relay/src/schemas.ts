/**
 * Params of the relay methods @walletconnect/core 2.25 sends (see its Subscriber, Publisher and the
 * sign-client engine's sendProposeSession / sendApproveSession). Extra fields are allowed where
 * core spreads its "tvf" telemetry fields into the params (correlationId, rpcMethods, ...).
 */
import { z } from 'zod'

/** Topics are sha256 hashes in hex, as the real relay requires. */
export const topicSchema = z.string().regex(/^[0-9a-f]{64}$/i, 'topic must be 64 hex characters')

/** Most frames carry a few KiB; the socket's maxPayload is the hard bound on size. */
const messageSchema = z.string().min(1, 'message must not be empty')
const ttlSchema = z
  .number()
  .int()
  .positive()
  .max(10 * 365 * 24 * 3600)
const tagSchema = z.number().int().nonnegative().max(1_000_000)
const attestationSchema = z.string().max(8192)
/** Same cap as the real relay's batch size (core batches subscriptions by 500). */
const BATCH_LIMIT = 500

export const subscribeParams = z.object({ topic: topicSchema })

export const batchSubscribeParams = z.object({
  topics: z.array(topicSchema).min(1).max(BATCH_LIMIT),
})

export const unsubscribeParams = z.object({ topic: topicSchema, id: z.string().max(256) })

export const batchUnsubscribeParams = z.object({
  subscriptions: z.array(unsubscribeParams).min(1).max(BATCH_LIMIT),
})

export const publishParams = z.looseObject({
  topic: topicSchema,
  message: messageSchema,
  ttl: ttlSchema,
  tag: tagSchema.optional(),
  prompt: z.boolean().optional(),
  attestation: attestationSchema.optional(),
})
export type PublishParams = z.infer<typeof publishParams>

export const batchPublishParams = z.object({
  messages: z.array(publishParams).min(1).max(BATCH_LIMIT),
})

export const batchFetchMessagesParams = z.object({
  topics: z.array(topicSchema).min(1).max(BATCH_LIMIT),
})

/** sign-client's sendProposeSession: the proposal goes to the pairing topic. */
export const proposeSessionParams = z.looseObject({
  pairingTopic: topicSchema,
  sessionProposal: messageSchema,
  ttl: ttlSchema.optional(),
  tag: tagSchema.optional(),
  prompt: z.boolean().optional(),
  attestation: attestationSchema.optional(),
})

/**
 * sign-client's sendApproveSession: the proposal response goes to the pairing topic, the settle
 * request to the new session topic (which the wallet subscribed to with skipSubscribe).
 */
export const approveSessionParams = z.looseObject({
  pairingTopic: topicSchema,
  sessionTopic: topicSchema,
  sessionProposalResponse: messageSchema,
  sessionSettlementRequest: messageSchema,
  ttl: ttlSchema.optional(),
  tag: tagSchema.optional(),
  prompt: z.boolean().optional(),
})

/** Tags from sign-client's ENGINE_RPC_OPTS, used for the messages the two methods above carry. */
export const SIGN_TAGS = {
  sessionProposeRequest: 1100,
  sessionProposeResponse: 1101,
  sessionSettleRequest: 1102,
} as const

/** sign-client publishes proposals and approvals with a five-minute ttl. */
export const DEFAULT_SIGN_TTL_SECONDS = 300
