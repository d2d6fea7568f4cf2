import { BUG_SCREENSHOT_MAX_BYTES, BUG_SCREENSHOT_MAX_PIXELS } from '@pilote/contracts';
import { BUG_REPORT_UI_ATTRIBUTE } from './ui-attribute.ts';

/**
 * Captures the visible page as a JPEG data URL with modern-screenshot (loaded on demand), scaled down when needed
 * so the server's pixel limit holds; rejects when the result is still over the byte limit.
 */
export async function capturePage(): Promise<string> {
  const { domToJpeg } = await import('modern-screenshot');
  const width = window.innerWidth;
  const height = window.innerHeight;
  const scale = Math.min(1, Math.sqrt((BUG_SCREENSHOT_MAX_PIXELS * 0.9) / (width * height)));
  const dataUrl = await domToJpeg(document.body, {
    width,
    height,
    scale,
    quality: 0.8,
    backgroundColor: getComputedStyle(document.body).backgroundColor || '#ffffff',
    filter: (node) => !(node instanceof Element && node.closest(`[${BUG_REPORT_UI_ATTRIBUTE}]`)),
  });
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  if ((base64.length * 3) / 4 > BUG_SCREENSHOT_MAX_BYTES) {
    throw new Error('La capture d’écran est trop volumineuse.');
  }
  return dataUrl;
}
