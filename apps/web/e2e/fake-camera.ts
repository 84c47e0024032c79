import { writeFileSync } from 'node:fs';
import JsBarcode from 'jsbarcode';

/**
 * A video file Chromium's fake camera plays (--use-file-for-fake-video-capture): a printed EAN-13
 * in front of the lens. The bars come from JsBarcode (the encoder the label printing uses), drawn
 * black on white into YUV4MPEG2 4:2:0 frames (Y plane, then the quarter-size U and V planes).
 */
export const writeBarcodeVideo = (code: string, path: string, frames = 3) => {
  const W = 640;
  const H = 480;
  const encoded: { encodings?: { data: string }[] } = {};
  JsBarcode(encoded, code, { format: 'EAN13', flat: true, displayValue: false });
  const modules = (encoded.encodings ?? []).map((e) => e.data).join('');
  if (!modules) throw new Error(`JsBarcode could not encode ${code}`);
  const moduleWidth = 4;
  const left = Math.floor((W - modules.length * moduleWidth) / 2);
  const top = 140;
  const bottom = 340;

  const y = Buffer.alloc(W * H, 255);
  for (let row = top; row < bottom; row++)
    for (let m = 0; m < modules.length; m++)
      if (modules[m] === '1')
        y.fill(0, row * W + left + m * moduleWidth, row * W + left + (m + 1) * moduleWidth);
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
};
