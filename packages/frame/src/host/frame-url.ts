import { FRAME_QUERY_PARAMS } from '../constants.js'
import type { FrameClientOptions } from './options.js'

/** Where the iframe loads from, and the one origin its messages may come from. */
export interface FrameSource {
  /** The iframe's `src`: the frame URL with SPEC §7's query parameters (and `parentOrigin`). */
  readonly src: string
  /** The frame's exact origin: every post targets it, every message must come from it. */
  readonly frameOrigin: string
}

/**
 * The iframe URL: `frameUrl` with projectId, chainId, version and enableLogger (SPEC §7), and
 * `parentOrigin` when this page's origin is known. A query the frame URL already has is kept.
 */
export function frameSource(
  options: Pick<
    FrameClientOptions,
    'frameUrl' | 'projectId' | 'chainId' | 'version' | 'enableLogger'
  >,
  hostOrigin: string | undefined,
): FrameSource {
  const url = new URL(options.frameUrl)
  url.searchParams.set(FRAME_QUERY_PARAMS.projectId, options.projectId)
  url.searchParams.set(FRAME_QUERY_PARAMS.chainId, String(options.chainId))
  url.searchParams.set(FRAME_QUERY_PARAMS.version, options.version)
  url.searchParams.set(FRAME_QUERY_PARAMS.enableLogger, String(options.enableLogger ?? false))
  if (hostOrigin !== undefined) url.searchParams.set(FRAME_QUERY_PARAMS.parentOrigin, hostOrigin)
  return { src: url.href, frameOrigin: url.origin }
}
