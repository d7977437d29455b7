import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';

export const AVATAR_UPDATED = 'Your avatar was updated.';
export const AVATAR_REMOVED = 'Your avatar was removed.';
/** The avatar's size and zoom range (docs/product/community.md §4.5, §9). */
export const AVATAR_PX = 96;
const VIEW_PX = 240;
const ZOOM_MIN = 1;
const ZOOM_MAX = 5;

/**
 * The square crop of an image at a zoom and offset, drawn onto a 96×96
 * canvas and exported as a JPEG in the browser; the server checks it again.
 */
export async function cropToJpeg(
  img: HTMLImageElement,
  zoom: number,
  offset: { x: number; y: number },
): Promise<Uint8Array> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_PX;
  canvas.height = AVATAR_PX;
  const ctx = canvas.getContext('2d')!;
  // At zoom 1 the image's shorter side fills the square.
  const side = Math.min(img.naturalWidth, img.naturalHeight) / zoom;
  const sx = (img.naturalWidth - side) / 2 - (offset.x / VIEW_PX) * side;
  const sy = (img.naturalHeight - side) / 2 - (offset.y / VIEW_PX) * side;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, AVATAR_PX, AVATAR_PX);
  ctx.drawImage(img, sx, sy, side, side, 0, 0, AVATAR_PX, AVATAR_PX);
  const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.9));
  if (!blob) throw new Error('The browser could not make a JPEG.');
  return new Uint8Array(await blob.arrayBuffer());
}

/** Choose an image, crop it square (round preview, zoom 1–5, drag to move), upload; or remove. */
export function AvatarEditor({ avatarUrl }: { avatarUrl: string }) {
  const { api } = useServices();
  const queries = useQueryClient();
  const [src, setSrc] = useState('');
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const img = useRef<HTMLImageElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  const done = (text: string) => {
    setResult({ ok: true, text });
    setSrc('');
    void queries.invalidateQueries({ queryKey: ['profile'] });
    void queries.invalidateQueries({ queryKey: ['brief-profile'] });
  };
  const upload = useMutation({
    mutationFn: async () =>
      api.profile.updateAvatar({ jpgData: await cropToJpeg(img.current!, zoom, offset) }),
    onSuccess: () => done(AVATAR_UPDATED),
    onError: (err) => setResult({ ok: false, text: errorText(err) }),
  });
  const remove = useMutation({
    mutationFn: () => api.profile.removeAvatar({}),
    onSuccess: () => done(AVATAR_REMOVED),
    onError: (err) => setResult({ ok: false, text: errorText(err) }),
  });
  const move = (e: PointerEvent) => {
    if (!drag.current) return;
    setOffset({ x: e.clientX - drag.current.x, y: e.clientY - drag.current.y });
  };
  return (
    <section className="avatar-editor" aria-label="Avatar">
      <h2>Avatar</h2>
      {result && <Alert kind={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      {avatarUrl && !src && (
        <img className="avatar-current" src={avatarUrl} alt="Your avatar" width={96} height={96} />
      )}
      <p>
        <label className="button">
          Choose an image
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            aria-label="Choose an image"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              setResult(null);
              setZoom(1);
              setOffset({ x: 0, y: 0 });
              setSrc(URL.createObjectURL(file));
            }}
          />
        </label>{' '}
        {avatarUrl && (
          <button type="button" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Remove avatar
          </button>
        )}
      </p>
      {src && (
        <>
          <div
            className="avatar-crop"
            style={{ width: VIEW_PX, height: VIEW_PX }}
            onPointerDown={(e) => {
              drag.current = { x: e.clientX - offset.x, y: e.clientY - offset.y };
              e.currentTarget.setPointerCapture(e.pointerId);
            }}
            onPointerMove={move}
            onPointerUp={() => (drag.current = null)}
          >
            <img
              ref={img}
              src={src}
              alt="Image to crop"
              draggable={false}
              style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
            />
          </div>
          <div className="field">
            <label htmlFor="avatar-zoom">Zoom</label>
            <input
              id="avatar-zoom"
              type="range"
              min={ZOOM_MIN}
              max={ZOOM_MAX}
              step={0.1}
              value={zoom}
              onChange={(e) => setZoom(Number(e.target.value))}
            />
          </div>
          <p>
            <button
              type="button"
              className="button-primary"
              onClick={() => upload.mutate()}
              disabled={upload.isPending}
            >
              Upload avatar
            </button>{' '}
            <button type="button" onClick={() => setSrc('')}>
              Cancel
            </button>
          </p>
        </>
      )}
    </section>
  );
}
