// A product's images (docs/admin.md#images): per colour, a drop zone that uploads each file (POST /admin/media)
// and the colour's gallery as thumbnails with their alt text, dragged into place by their handle (Sortable.tsx:
// pointer or keyboard), moved up and down by buttons, or removed; "Save images" sends the whole gallery with
// PUT .../images, which is how the API replaces it. Without products:write it only shows.
import type { AdminProduct } from '@rangrez/contract/schemas/admin-catalogue';
import { useId } from 'react';
import type { GalleryImage } from '../gallery';
import { useProductImages } from '../use-product-images';
import { ImageDropZone } from './ImageDropZone';
import { DragHandle, SortableList, useSortableRow } from './Sortable';
import { colourName } from './VariantAxes';
import { Notice, buttonClass, secondaryButtonClass } from './ui';

export function ProductImages({
  product,
  canWrite,
  onSaved,
}: {
  product: AdminProduct;
  canWrite: boolean;
  onSaved: (text: string) => void;
}) {
  const images = useProductImages(product, onSaved);
  return (
    <section
      aria-labelledby="images-heading"
      className="rounded-xl border border-black/10 bg-white p-4 sm:p-6"
    >
      <h2 id="images-heading" className="text-lg font-semibold">
        Images
      </h2>
      <p className="mt-1 mb-4 text-sm text-neutral-700">
        Each colour shows its own photos, in this order; the first photo of the first colour is the
        product&apos;s picture in lists.
      </p>
      {product.colors.length === 0 ? (
        <p className="text-sm">Add a colour in the grid below to give it images.</p>
      ) : null}
      <div className="flex flex-col gap-6">
        {product.colors.map((color) => (
          <div key={color}>
            <h3 className="mb-2 font-semibold">{colourName(color)}</h3>
            {canWrite ? (
              <ImageDropZone
                name={colourName(color)}
                uploads={images.uploads.filter((u) => u.color === color)}
                disabled={images.busy}
                onFiles={(files) => images.upload(color, files)}
              />
            ) : null}
            <ColourGallery
              name={colourName(color)}
              images={images.galleries[color] ?? []}
              canWrite={canWrite}
              busy={images.busy}
              onMove={(from, to) => images.move(color, from, to)}
              onRemove={(index) => images.remove(color, index)}
              onAlt={(index, alt) => images.setAlt(color, index, alt)}
            />
          </div>
        ))}
      </div>
      {images.error ? (
        <div className="mt-4">
          <Notice notice={{ kind: 'error', text: images.error }} />
        </div>
      ) : null}
      {canWrite ? (
        <button
          type="button"
          onClick={() => void images.save()}
          // An upload still under way would be left out of the gallery saved.
          disabled={images.busy || images.uploading}
          aria-busy={images.busy || undefined}
          className={`${buttonClass} mt-4`}
        >
          Save images
        </button>
      ) : null}
    </section>
  );
}

const altInput =
  'mt-1 block w-full rounded-md border border-black/20 bg-white px-2 py-2 text-base outline-none focus:border-ink focus:ring-2 focus:ring-black/10';

interface GalleryProps {
  name: string;
  images: readonly GalleryImage[];
  canWrite: boolean;
  /** While the gallery saves: the controls stay, disabled. */
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  onAlt: (index: number, alt: string) => void;
}

function ColourGallery({ name, images, canWrite, busy, onMove, onRemove, onAlt }: GalleryProps) {
  const id = useId();
  if (images.length === 0) return <p className="mt-2 text-sm text-neutral-700">No images for {name} yet.</p>;
  const ids = images.map((image) => image.mediaId);
  const label = (index: number) => `${name}, image ${index + 1}`;
  return (
    <SortableList ids={ids} name={(mediaId) => label(ids.indexOf(mediaId))} onMove={onMove}>
      <ol aria-label={`Images, ${name}`} className="mt-3 flex flex-col gap-3">
        {images.map((image, index) => (
          <GalleryRow
            key={image.mediaId}
            image={image}
            label={label(index)}
            inputId={`${id}-${index}`}
            first={index === 0}
            last={index === images.length - 1}
            canWrite={canWrite}
            busy={busy}
            onMove={(step) => onMove(index, index + step)}
            onRemove={() => onRemove(index)}
            onAlt={(alt) => onAlt(index, alt)}
          />
        ))}
      </ol>
    </SortableList>
  );
}

function GalleryRow({
  image,
  label,
  inputId,
  first,
  last,
  canWrite,
  busy,
  onMove,
  onRemove,
  onAlt,
}: {
  image: GalleryImage;
  /** 'Black (Bk), image 2'. */
  label: string;
  inputId: string;
  first: boolean;
  last: boolean;
  canWrite: boolean;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  onAlt: (alt: string) => void;
}) {
  const { setRowRef, style, isDragging, handle } = useSortableRow(image.mediaId, !canWrite || busy);
  return (
    <li
      ref={setRowRef}
      style={style}
      className={`flex flex-wrap items-start gap-3 border-t border-black/10 bg-white pt-3 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      {canWrite ? <DragHandle label={`Drag ${label} to reorder`} handle={handle} /> : null}
      <img
        src={image.url}
        alt={image.alt}
        width={80}
        height={100}
        loading="lazy"
        className="h-25 w-20 rounded-md bg-neutral-100 object-cover"
      />
      <div className="min-w-48 flex-1">
        <label htmlFor={inputId} className="block text-sm font-semibold">
          Alt text, {label}
        </label>
        <input
          id={inputId}
          value={image.alt}
          maxLength={300}
          readOnly={!canWrite || busy}
          onChange={(e) => onAlt(e.target.value)}
          className={altInput}
        />
      </div>
      {canWrite ? (
        <div className="flex gap-2">
          <button
            type="button"
            disabled={busy || first}
            onClick={() => onMove(-1)}
            aria-label={`Move ${label} up`}
            className={secondaryButtonClass}
          >
            ↑
          </button>
          <button
            type="button"
            disabled={busy || last}
            onClick={() => onMove(1)}
            aria-label={`Move ${label} down`}
            className={secondaryButtonClass}
          >
            ↓
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={onRemove}
            aria-label={`Remove ${label}`}
            className={secondaryButtonClass}
          >
            Remove
          </button>
        </div>
      ) : null}
    </li>
  );
}
