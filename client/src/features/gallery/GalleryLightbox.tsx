import { useMemo, useState } from 'react';
import Lightbox, { isImageSlide, type GenericSlide, type Slide } from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import { IconDownload, IconExternalLink, IconFileTypePdf, IconMovie } from '@tabler/icons-react';
import { departmentLabel } from '../../../../common/media-limits';
import { useLanguage, useT } from '../../lib/i18n';
import { monthNameIn } from '../../lib/months';
import type { MediaItem } from './MediaCard';
import './messages';

/** A video or a PDF: shown by this file's own slide (an image is the viewer's own kind). */
interface FileSlide extends GenericSlide {
  type: 'gallery-file';
  item: MediaItem;
}

declare module 'yet-another-react-lightbox' {
  interface SlideTypes {
    'gallery-file': FileSlide;
  }
}

const isFileSlide = (slide: Slide): slide is FileSlide => slide.type === 'gallery-file';

/** Photos open as their web copy (at most 1600 px), never the original of up to 10 MB. */
function slideOf(item: MediaItem): Slide {
  if (item.kind === 'image') return { src: item.web_url ?? item.file_url, alt: item.title };
  return { type: 'gallery-file', item };
}

const CENTERED = { display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12 } as const;
const LINK = { color: 'inherit', display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 600 } as const;

function FileSlideView({ item, current, canDownload }: { item: MediaItem; current: boolean; canDownload: boolean }) {
  const t = useT();
  if (item.kind === 'video') {
    // Only the slide on show has a player: a video swiped away stops.
    if (!current) return <IconMovie size={64} stroke={1.2} color="white" aria-hidden />;
    return (
      <video
        src={item.file_url}
        controls
        playsInline
        preload="metadata"
        aria-label={item.title}
        controlsList={canDownload ? undefined : 'nodownload'}
        style={{ maxWidth: '100%', maxHeight: '100%' }}
      />
    );
  }
  return (
    <div style={{ ...CENTERED, color: 'white', textAlign: 'center', padding: 16, maxWidth: '100%' }}>
      <IconFileTypePdf size={72} stroke={1.2} aria-hidden />
      <div style={{ overflowWrap: 'anywhere' }}>{item.file_name}</div>
      {canDownload ? (
        <a href={item.file_url} download={item.file_name} style={LINK}><IconDownload size={18} aria-hidden />{t('gallery.download')}</a>
      ) : (
        <a href={item.file_url} target="_blank" rel="noopener noreferrer" style={LINK}><IconExternalLink size={18} aria-hidden />{t('gallery.openPdf')}</a>
      )}
    </div>
  );
}

interface GalleryLightboxProps {
  items: readonly MediaItem[];
  /** The item opened. */
  index: number;
  /** Principal and super admin: a Download button in the toolbar, and the video player's own. */
  canDownload: boolean;
  onClose: () => void;
}

/**
 * The viewer of a page of the gallery: photos, videos (the browser's player) and PDFs (a link),
 * with previous/next buttons, the arrow keys, swiping on a phone and Escape. Its own chunk, with
 * its stylesheet, fetched when a card is first opened.
 */
export function GalleryLightbox({ items, index, canDownload, onClose }: GalleryLightboxProps) {
  const t = useT();
  const language = useLanguage();
  const [current, setCurrent] = useState(index);
  // The viewer goes back to `index` whenever it is given other slides: the same array while the
  // items are the same, and the slide on show as the index (a refetch brings new addresses).
  const slides = useMemo(() => items.map(slideOf), [items]);
  const itemOf = (slide: Slide) => items[slides.indexOf(slide)];
  const shown = items[Math.min(current, items.length - 1)];

  const download = canDownload && shown ? (
    <a key="download" className="yarl__button" href={shown.file_url} download={shown.file_name} aria-label={t('gallery.downloadItem', { title: shown.title })} title={t('gallery.download')}>
      <IconDownload size={24} aria-hidden />
    </a>
  ) : null;

  return (
    <Lightbox
      open
      close={onClose}
      index={Math.min(current, items.length - 1)}
      slides={slides}
      on={{ view: ({ index: viewed }) => setCurrent(viewed) }}
      carousel={{ finite: true, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      toolbar={{ buttons: download ? [download, 'close'] : ['close'] }}
      labels={{ Lightbox: t('gallery.viewer'), Previous: t('common.previous'), Next: t('common.next'), Close: t('gallery.close') }}
      render={{
        // One item: no previous or next.
        ...(items.length > 1 ? {} : { buttonPrev: () => null, buttonNext: () => null }),
        slide: ({ slide, offset }) => (isFileSlide(slide)
          ? <FileSlideView item={slide.item} current={offset === 0} canDownload={canDownload} />
          : undefined),
        slideFooter: ({ slide }) => {
          const item = isImageSlide(slide) || isFileSlide(slide) ? itemOf(slide) : undefined;
          if (!item) return null;
          return (
            <div
              style={{
                position: 'absolute', insetInline: 0, bottom: 0, padding: '24px 16px 12px', color: 'white',
                background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.7))', pointerEvents: 'none',
              }}
            >
              <div style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.title}</div>
              <div style={{ fontSize: 14, opacity: 0.85 }}>
                {t('gallery.monthOfYear', { month: monthNameIn(language, item.month), year: item.academic_year })} · {departmentLabel(item.department)}
              </div>
              {item.children?.length ? (
                <div style={{ fontSize: 14, marginTop: 4 }} data-testid="tagged-children">
                  {t('gallery.taggedChildren', { names: item.children.map((c) => c.name).join(', ') })}
                  {item.consent_missing ? (
                    <div style={{ color: 'var(--mantine-color-orange-3)' }}>
                      {t('gallery.lackingConsent', { names: item.children.filter((c) => !c.photo_consent).map((c) => c.name).join(', ') })}
                    </div>
                  ) : null}
                </div>
              ) : null}
            </div>
          );
        },
      }}
    />
  );
}
