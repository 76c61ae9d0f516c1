import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { keyframes, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CAROUSEL_AUTO_ADVANCE_MS, type CarouselSlide } from '@rafflewin/domain';
import { memo, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { Link as RouterLink } from 'react-router';
import { useImageOrPlaceholder } from '@/hooks/useImageOrPlaceholder';
import { useCarouselSlides } from '../api/useCarouselSlides';

// Every slide fills the same frame: a 16:10 image beside (md and up) or above a text panel of
// fixed height, so neither loading nor changing slides moves the page.
const frameSx = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
  borderRadius: 2,
  overflow: 'hidden',
} as const;
const mediaSx = { width: '100%', height: 'auto', aspectRatio: '16 / 10' } as const;
const panelHeight = { xs: 240, md: '100%' } as const;

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

function clampLines(lines: number | Record<string, number>) {
  return {
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  } as const;
}

/** Slide links are set by administrators; only site paths and web addresses become links. */
function isNavigableLink(link: string): boolean {
  return (link.startsWith('/') && !link.startsWith('//')) || /^https?:\/\//i.test(link);
}

const Slide = memo(function Slide({
  slide,
  position,
  count,
  isFirst,
  fadesIn,
}: {
  slide: CarouselSlide;
  position: number;
  count: number;
  isFirst: boolean;
  /** False for the slide the page opens on: it is the largest paint, and shows at once. */
  fadesIn: boolean;
}) {
  const image = useImageOrPlaceholder(slide.imageUrl);
  const isWide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const showButton = slide.buttonText.trim() !== '' && isNavigableLink(slide.buttonLink);
  return (
    <Box
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${count}`}
      sx={{
        ...frameSx,
        ...(fadesIn && {
          animation: `${fadeIn} 400ms ease-out`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }),
      }}
    >
      <Box
        component="img"
        src={image.src}
        alt={slide.title}
        width={1600}
        height={1000}
        fetchPriority={isFirst ? 'high' : 'auto'}
        onError={image.onError}
        sx={{ ...mediaSx, display: 'block', objectFit: 'cover', bgcolor: 'grey.200' }}
      />
      <Stack
        spacing={1.5}
        justifyContent="center"
        sx={{
          height: panelHeight,
          p: { xs: 3, md: 5 },
          color: 'primary.contrastText',
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.primary.light})`,
        }}
      >
        {/* The title is optional: no empty heading without one. */}
        {slide.title && (
          <Typography variant={isWide ? 'h3' : 'h4'} component="h2" sx={clampLines(2)}>
            {slide.title}
          </Typography>
        )}
        <Typography sx={clampLines({ xs: 2, md: 4 })}>{slide.description}</Typography>
        {showButton && (
          <Box>
            <Button
              component={RouterLink}
              to={slide.buttonLink}
              variant="contained"
              color="secondary"
            >
              {slide.buttonText}
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
});

function Carousel({ slides }: { slides: CarouselSlide[] }) {
  // null until a slide is chosen or the carousel advances: the first slide shows without a fade.
  const [selected, setSelected] = useState<number | null>(null);
  const [isHovered, setHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const [isStopped, setStopped] = useState(false);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const carouselRef = useRef<HTMLElement>(null);
  const rotationButtonRef = useRef<HTMLButtonElement>(null);

  const count = slides.length;
  // Slides are live: the list can shrink under the selected index.
  const index = (selected ?? 0) % count;
  const slide = slides[index];
  const canRotate = count > 1 && !reduceMotion;
  const isAdvancing = canRotate && !isStopped && !isHovered && !hasFocus;

  useEffect(() => {
    if (!isAdvancing) return undefined;
    // A timeout per slide, so choosing a slide by hand restarts the 4 seconds.
    const timer = setTimeout(() => setSelected((index + 1) % count), CAROUSEL_AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [isAdvancing, index, count]);

  const nextSlide = slides[(index + 1) % count];
  if (count > 1 && nextSlide?.imageUrl) preload(nextSlide.imageUrl, { as: 'image' });

  // Keyboard focus anywhere in the carousel pauses it, except on the button that starts
  // rotation. A mouse click leaves its button focused too (not `:focus-visible`): that pause
  // would outlast the pointer's, until a click elsewhere.
  const trackFocus = (target: EventTarget | null) =>
    setHasFocus(
      target instanceof Element &&
        target.matches(':focus-visible') &&
        target !== rotationButtonRef.current &&
        carouselRef.current?.contains(target) === true,
    );

  if (!slide) return null;
  return (
    <Box
      component="section"
      ref={carouselRef}
      aria-roledescription="carousel"
      aria-label="Featured competitions"
      // Touch taps emit pointer events too, and would otherwise pause until the next tap elsewhere.
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={(event) => trackFocus(event.target)}
      onBlur={(event) => trackFocus(event.relatedTarget)}
    >
      <Box aria-live={isAdvancing ? 'off' : 'polite'}>
        <Slide
          key={slide.id}
          slide={slide}
          position={index + 1}
          count={count}
          isFirst={index === 0}
          fadesIn={selected !== null}
        />
      </Box>
      {count > 1 && (
        <Stack
          direction="row"
          spacing={1}
          alignItems="center"
          justifyContent="center"
          sx={{ mt: 1 }}
        >
          <IconButton
            aria-label="Previous slide"
            onClick={() => setSelected((index - 1 + count) % count)}
          >
            <ChevronLeft />
          </IconButton>
          <Stack direction="row" role="group" aria-label="Slides">
            {slides.map((dot, i) => (
              <ButtonBase
                key={dot.id}
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setSelected(i)}
                sx={{
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  '&::after': {
                    content: '""',
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: i === index ? 'primary.main' : 'action.disabled',
                  },
                  '&.Mui-focusVisible': {
                    outline: '2px solid',
                    outlineColor: 'primary.main',
                  },
                }}
              />
            ))}
          </Stack>
          <IconButton aria-label="Next slide" onClick={() => setSelected((index + 1) % count)}>
            <ChevronRight />
          </IconButton>
          {canRotate && (
            <IconButton
              ref={rotationButtonRef}
              aria-label={isStopped ? 'Start slide rotation' : 'Stop slide rotation'}
              onClick={() => setStopped((stopped) => !stopped)}
            >
              {isStopped ? <PlayArrow /> : <Pause />}
            </IconButton>
          )}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The home page's hero carousel: the active slides, advancing every 4 seconds
 * unless hovered, focused, stopped or the visitor prefers reduced motion.
 */
export function HeroCarousel() {
  const { status, data: slides } = useCarouselSlides();
  if (status === 'error') {
    return (
      <Alert severity="error">
        Failed to load carousel slides. Please try refreshing the page.
      </Alert>
    );
  }
  if (status === 'loading') {
    return (
      <Box role="status" aria-label="Loading featured competitions">
        <Box sx={frameSx}>
          <Skeleton variant="rectangular" sx={mediaSx} />
          <Skeleton variant="rectangular" sx={{ height: panelHeight }} />
        </Box>
        {/* The height of the controls row, usually shown below the slides. */}
        <Box sx={{ height: 40, mt: 1 }} />
      </Box>
    );
  }
  if (slides.length === 0) return null;
  return <Carousel slides={slides} />;
}
