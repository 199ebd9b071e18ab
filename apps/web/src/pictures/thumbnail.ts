/**
 * A picture's thumbnail, made in the browser (docs/adr/0066-pictures-and-home-cards.md#thumbnails: no image library
 * on the server): drawn on a canvas at most `side` pixels wide and high, as a JPEG. Null when the picture is small
 * enough already, or the browser cannot read it (the server then shows the picture itself).
 */
export async function thumbnailOf(file: File, side: number): Promise<File | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    if (scale === 1) {
      bitmap.close();
      return null;
    }
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.82));
    if (!blob) return null;
    const base = file.name.replace(/\.[^.]*$/, '');
    return new File([blob], `${base}-thumb.jpg`, { type: 'image/jpeg' });
  } catch {
    return null;
  }
}
