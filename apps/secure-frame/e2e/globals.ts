import type { FrameClient, FrameNotice } from '@latch/frame'

// What the Chromium test's host page puts on `window` (host-entry.ts).
declare global {
  interface Window {
    latch: { client: FrameClient; notices: FrameNotice[]; refused: { count: number } }
  }
}
