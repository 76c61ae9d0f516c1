import {
  ShopError,
  CAROUSEL_MESSAGES,
  raffleNamedByLink,
  type CarouselSlideData,
  type saveCarouselSlideInput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { carouselSlidesRef } from '../../lib/collections';
import type { z } from 'zod';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { refuseIfChangedSince } from '../admin/editVersions';

type SaveSlide = z.output<typeof saveCarouselSlideInput>;

/**
 * Creates a slide at the end of the carousel (highest position plus one, read in the same
 * transaction) or edits one, keeping its position. An edit made on an older version than the
 * stored one (`seenUpdatedAt`) is refused rather than undoing the change saved since. Audited.
 */
export async function saveSlide(
  db: Firestore,
  admin: Caller,
  { slideId, seenUpdatedAt, ...fields }: SaveSlide,
  now = new Date(),
): Promise<{ id: string; created: boolean }> {
  return db.runTransaction(async (tx) => {
    const ref = slideId ? carouselSlidesRef(db).doc(slideId) : carouselSlidesRef(db).doc();
    let position: number;
    let before: Record<string, unknown> | null = null;
    if (slideId) {
      const existing = await tx.get(ref);
      if (!existing.exists) throw new ShopError('not-found', CAROUSEL_MESSAGES.notFound);
      const { id: _id, ...stored } = existing.data()!;
      refuseIfChangedSince(stored.updatedAt, seenUpdatedAt, CAROUSEL_MESSAGES.changedSinceOpened);
      before = stored;
      position = stored.position;
    } else {
      const last = await tx.get(carouselSlidesRef(db).orderBy('position', 'desc').limit(1));
      position = last.empty ? 0 : last.docs[0]!.data().position + 1;
    }
    const slide: CarouselSlideData = { ...fields, position, updatedAt: now };
    tx.set(ref, { id: ref.id, ...slide });
    recordAudit(
      db,
      tx,
      admin,
      { action: slideId ? 'slide.update' : 'slide.create', target: ref.path, before, after: slide },
      now,
    );
    return { id: ref.id, created: !slideId };
  });
}

/** The slide's status toggle. */
export async function setSlideActive(
  db: Firestore,
  admin: Caller,
  slideId: string,
  isActive: boolean,
  now = new Date(),
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = carouselSlidesRef(db).doc(slideId);
    const before = await tx.get(ref);
    if (!before.exists) throw new ShopError('not-found', CAROUSEL_MESSAGES.notFound);
    // The edit form carries the switch: one opened before this is refused, not applied over it.
    tx.update(ref, { isActive, updatedAt: now });
    recordAudit(
      db,
      tx,
      admin,
      {
        action: isActive ? 'slide.activate' : 'slide.deactivate',
        target: ref.path,
        before: { isActive: before.data()!.isActive },
        after: { isActive },
      },
      now,
    );
  });
}

/**
 * Moves a slide up or down by swapping positions with its neighbour, in one transaction, so
 * two moves at once can never leave two slides in one place. The first slide cannot move up
 * and the last cannot move down.
 */
export async function moveSlide(
  db: Firestore,
  admin: Caller,
  slideId: string,
  direction: 'up' | 'down',
  now = new Date(),
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = carouselSlidesRef(db).doc(slideId);
    const slide = await tx.get(ref);
    if (!slide.exists) throw new ShopError('not-found', CAROUSEL_MESSAGES.notFound);
    const { position } = slide.data()!;
    const neighbours = await tx.get(
      direction === 'up'
        ? carouselSlidesRef(db)
            .where('position', '<', position)
            .orderBy('position', 'desc')
            .limit(1)
        : carouselSlidesRef(db)
            .where('position', '>', position)
            .orderBy('position', 'asc')
            .limit(1),
    );
    const neighbour = neighbours.docs[0];
    if (!neighbour) {
      throw new ShopError(
        'failed-precondition',
        direction === 'up' ? CAROUSEL_MESSAGES.alreadyFirst : CAROUSEL_MESSAGES.alreadyLast,
      );
    }
    const theirs = neighbour.data().position;
    // No new `updatedAt`: an edit keeps the position as stored when it saves, so a form opened
    // before a move loses nothing by saving after it.
    tx.update(ref, { position: theirs });
    tx.update(neighbour.ref, { position });
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'slide.move',
        target: ref.path,
        before: { position, neighbour: neighbour.id, neighbourPosition: theirs },
        after: { position: theirs, neighbour: neighbour.id, neighbourPosition: position },
      },
      now,
    );
  });
}

/** Deletes a slide, audited. The others keep their positions (order is all that matters). */
export async function deleteSlide(
  db: Firestore,
  admin: Caller,
  slideId: string,
  now = new Date(),
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = carouselSlidesRef(db).doc(slideId);
    const before = await tx.get(ref);
    if (!before.exists) throw new ShopError('not-found', CAROUSEL_MESSAGES.notFound);
    tx.delete(ref);
    recordAudit(
      db,
      tx,
      admin,
      { action: 'slide.delete', target: ref.path, before: before.data() ?? null, after: null },
      now,
    );
  });
}

/**
 * Takes out of the carousel every active slide whose button opens `raffleId` (made from it, or
 * linked to it by hand), once the raffle is deleted or cancelled: the shop advertises nothing
 * it no longer sells. The slides stay, inactive, for the console to edit or delete; audited as
 * the administrator who withdrew the raffle. Returns how many were taken out.
 */
export async function withdrawRaffleSlides(
  db: Firestore,
  admin: Caller,
  raffleId: string,
  now = new Date(),
): Promise<number> {
  const active = await carouselSlidesRef(db).where('isActive', '==', true).get();
  const naming = active.docs.filter(
    (slide) => raffleNamedByLink(slide.data().buttonLink) === raffleId,
  );
  if (naming.length === 0) return 0;
  await db.runTransaction(async (tx) => {
    for (const slide of naming) {
      tx.update(slide.ref, { isActive: false, updatedAt: now });
      recordAudit(
        db,
        tx,
        admin,
        {
          action: 'slide.deactivate',
          target: slide.ref.path,
          before: { isActive: true },
          after: { isActive: false, raffleWithdrawn: raffleId },
        },
        now,
      );
    }
  });
  return naming.length;
}
