// `@latch/frame/client`: the host's end, for core to load lazily.
export {
  createFrameClient,
  type FrameClient,
  type FrameClientState,
  type FrameRequestArgs,
  type FrameRequestOptions,
} from './client.js'
export type { FrameClientOptions, FrameTimeouts, MountFrame, MountedFrame } from './options.js'
