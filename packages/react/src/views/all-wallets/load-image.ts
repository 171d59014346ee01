import type { ImageLoader } from '@latch/core'

/**
 * The browser's image loader for core's `preloadImages`: an off-screen `Image` fills the HTTP
 * cache, so a row's `<img>` shows its icon at once when it scrolls in. Aborting clears `src`,
 * which stops the download.
 */
export const loadImage: ImageLoader = (url, signal) =>
  new Promise<void>((resolve, reject) => {
    const image = new Image()
    image.decoding = 'async'
    image.onload = () => resolve()
    image.onerror = () => reject(new Error('image failed to load'))
    signal.addEventListener('abort', () => {
      image.src = ''
      reject(new Error('image preload given up'))
    })
    image.src = url
  })
