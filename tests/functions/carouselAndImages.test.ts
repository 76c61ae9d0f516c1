import {
  CAROUSEL_MESSAGES,
  auditLogCollection,
  carouselLinkForRaffle,
  carouselSlidesCollection,
  imageLibraryCollection,
  libraryUploadPath,
  rafflePath,
  type SaveCarouselSlideInput,
} from '@rafflewin/domain';
import { adminDb, versionOf } from '../support/admin';
import { call, callOk, newAdmin, type Customer } from '../support/customers';
import { createRaffle } from '../support/raffles';

// Storage cannot run here: the uploaded files deleteLibraryImage deletes are counted instead.
const deletedUploads: string[] = [];
jest.mock('firebase-admin/storage', () => ({
  getStorage: () => ({
    bucket: () => ({
      file: (path: string) => ({
        delete: async () => {
          deletedUploads.push(path);
        },
      }),
    }),
  }),
}));

jest.setTimeout(60_000);

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

async function auditCount(target: string, action: string): Promise<number> {
  const entries = await adminDb
    .collection(auditLogCollection)
    .where('target', '==', target)
    .where('action', '==', action)
    .count()
    .get();
  return entries.data().count;
}

describe('image library: addLibraryImage and deleteLibraryImage', () => {
  const image = (name: string, url = 'https://example.com/prize.png') => ({
    name,
    url,
    storagePath: null,
    contentType: null,
    sizeBytes: null,
    metadata: null,
  });

  it('needs both a URL and a name', async () => {
    for (const input of [image('', 'https://example.com/a.png'), image('Prize', '')]) {
      expect(await call('addLibraryImage', input, admin)).toEqual({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message: 'Please enter both image URL and name',
      });
    }
    expect(await call('addLibraryImage', image('Prize', 'not a url'), admin)).toMatchObject({
      message: 'Image URL must be a valid URL',
    });
  });

  it('adds by URL with a searchable name, refuses a duplicate name (any case), deletes', async () => {
    const name = `Prize Photo ${Date.now()}`;
    const { id } = await callOk('addLibraryImage', image(name), admin);
    const stored = (await adminDb.collection(imageLibraryCollection).doc(id).get()).data()!;
    expect(stored).toMatchObject({
      name,
      nameLower: name.toLowerCase(),
      url: 'https://example.com/prize.png',
      storagePath: null,
      createdBy: admin.uid,
    });
    expect(await auditCount(`${imageLibraryCollection}/${id}`, 'image.create')).toBe(1);

    expect(await call('addLibraryImage', image(name.toUpperCase()), admin)).toEqual({
      ok: false,
      status: 'ALREADY_EXISTS',
      message: `An image with the name "${name.toUpperCase()}" already exists`,
    });

    await callOk('deleteLibraryImage', { imageId: id }, admin);
    expect((await adminDb.collection(imageLibraryCollection).doc(id).get()).exists).toBe(false);
    expect(await auditCount(`${imageLibraryCollection}/${id}`, 'image.delete')).toBe(1);
  });

  it('deletes an uploaded file only when nothing shows it: a raffle using it keeps its picture', async () => {
    const run = Date.now();
    const upload = (name: string) => ({
      ...image(name, `https://example.com/raffle-images/${name}.png`),
      storagePath: `raffle-images/${name}.png`,
      contentType: 'image/png' as const,
      sizeBytes: 1000,
    });
    const used = await callOk('addLibraryImage', upload(`used-${run}`), admin);
    const unused = await callOk('addLibraryImage', upload(`unused-${run}`), admin);
    // Recorded: storage.rules now refuse either file's deletion from a browser.
    const recorded = async (name: string) =>
      (await adminDb.doc(libraryUploadPath(`raffle-images/${name}.png`)).get()).exists;
    expect([await recorded(`used-${run}`), await recorded(`unused-${run}`)]).toEqual([true, true]);
    const raffleId = await createRaffle({ imageUrl: upload(`used-${run}`).url });
    await callOk('deleteLibraryImage', { imageId: used.id }, admin);
    await callOk('deleteLibraryImage', { imageId: unused.id }, admin);
    // Both entries go; only the file nothing shows goes with its entry (before, the raffle's
    // card, its tickets and the carousel showed the placeholder: the confirmation says they
    // keep their link).
    for (const { id } of [used, unused]) {
      expect((await adminDb.collection(imageLibraryCollection).doc(id).get()).exists).toBe(false);
    }
    expect(deletedUploads).toEqual([`raffle-images/unused-${run}.png`]);
    // The file kept stays recorded, so it stays out of a browser's reach.
    expect([await recorded(`used-${run}`), await recorded(`unused-${run}`)]).toEqual([true, false]);
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('imageUrl')).toBe(
      upload(`used-${run}`).url,
    );
  });

  it('lets only one of two simultaneous adds of a name through', async () => {
    const name = `Race ${Date.now()}`;
    const results = await Promise.all([
      call('addLibraryImage', image(name), admin),
      call('addLibraryImage', image(name, 'https://example.com/other.png'), admin),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const stored = await adminDb.collection(imageLibraryCollection).where('name', '==', name).get();
    expect(stored.size).toBe(1);
  });
});

describe('carousel: save, toggle, move and delete slides', () => {
  const slide = (overrides: Record<string, unknown> = {}): SaveCarouselSlideInput => ({
    slideId: null,
    title: '',
    description: 'Test slide',
    imageUrl: '/images/carousel/tech.svg',
    category: 'tech',
    buttonText: '',
    buttonLink: '/competitions/tech',
    // Inactive, so the shop's carousel in other suites never shows these.
    isActive: false,
    ...overrides,
  });
  const positionOf = async (id: string) =>
    (await adminDb.collection(carouselSlidesCollection).doc(id).get()).get('position') as number;

  it('checks the slide with its messages', async () => {
    expect(await call('saveCarouselSlide', slide({ imageUrl: '' }), admin)).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Image URL is required',
    });
    expect(await call('saveCarouselSlide', slide({ category: null }), admin)).toMatchObject({
      message: 'Category is required',
    });
    expect(
      await call('saveCarouselSlide', slide({ buttonLink: 'https://x.test' }), admin),
    ).toMatchObject({
      message: 'Button link must be a path on this site, such as /competitions',
    });
  });

  it('refuses an edit made over a change saved since its form was opened, and keeps that change', async () => {
    const other = await newAdmin('Otto', 'Other');
    await callOk('saveCarouselSlide', slide(), admin);
    const { id } = await callOk('saveCarouselSlide', slide({ title: 'Opened' }), admin);
    const path = `${carouselSlidesCollection}/${id}`;
    const stored = async () => (await adminDb.doc(path).get()).data();
    // Two forms opened on the same version; the other administrator saves first.
    const opened = slide({ slideId: id, title: 'Opened', seenUpdatedAt: await versionOf(path) });
    await callOk('saveCarouselSlide', { ...opened, description: 'Edited by Otto' }, other);
    const before = await stored();
    expect(await call('saveCarouselSlide', { ...opened, title: 'Mine' }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: CAROUSEL_MESSAGES.changedSinceOpened,
    });
    expect(await stored()).toEqual(before);
    expect(before).toMatchObject({ title: 'Opened', description: 'Edited by Otto' });

    // The switch is on the form too: a form opened before it was switched would undo that.
    const reopened = {
      ...opened,
      description: 'Edited by Otto',
      seenUpdatedAt: await versionOf(path),
    };
    await callOk('setCarouselSlideActive', { slideId: id, isActive: true }, other);
    expect(await call('saveCarouselSlide', { ...reopened, title: 'Mine' }, admin)).toMatchObject({
      message: CAROUSEL_MESSAGES.changedSinceOpened,
    });
    expect((await stored())?.isActive).toBe(true);

    // A move changes only the position, which an edit keeps as stored: nothing to undo.
    const latest = { ...reopened, isActive: true, seenUpdatedAt: await versionOf(path) };
    await callOk('moveCarouselSlide', { slideId: id, direction: 'up' }, other);
    const moved = (await stored())?.position as number;
    await callOk('saveCarouselSlide', { ...latest, title: 'Mine', isActive: false }, admin);
    expect(await stored()).toMatchObject({
      title: 'Mine',
      description: 'Edited by Otto',
      isActive: false,
      position: moved,
    });
  });

  it('places new slides last, swaps neighbours, refuses moving past the ends', async () => {
    const first = await callOk('saveCarouselSlide', slide(), admin);
    const second = await callOk('saveCarouselSlide', slide(), admin);
    const [a, b] = [await positionOf(first.id), await positionOf(second.id)];
    expect(b).toBe(a + 1);
    const highest = await adminDb
      .collection(carouselSlidesCollection)
      .orderBy('position', 'desc')
      .limit(1)
      .get();
    expect(highest.docs[0]!.id).toBe(second.id);
    expect(
      (await adminDb.collection(carouselSlidesCollection).doc(first.id).get()).get('buttonText'),
    ).toBe('Enter Now');

    expect(
      await call('moveCarouselSlide', { slideId: second.id, direction: 'down' }, admin),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: 'This slide is already last',
    });
    await callOk('moveCarouselSlide', { slideId: second.id, direction: 'up' }, admin);
    expect([await positionOf(first.id), await positionOf(second.id)]).toEqual([b, a]);
    expect(await auditCount(`${carouselSlidesCollection}/${second.id}`, 'slide.move')).toBe(1);

    const lowest = await adminDb
      .collection(carouselSlidesCollection)
      .orderBy('position', 'asc')
      .limit(1)
      .get();
    expect(
      await call('moveCarouselSlide', { slideId: lowest.docs[0]!.id, direction: 'up' }, admin),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: 'This slide is already first',
    });

    await callOk('saveCarouselSlide', slide({ slideId: first.id, title: 'Edited' }), admin);
    expect(await positionOf(first.id)).toBe(b);
    await callOk('setCarouselSlideActive', { slideId: first.id, isActive: true }, admin);
    expect(
      (await adminDb.collection(carouselSlidesCollection).doc(first.id).get()).get('isActive'),
    ).toBe(true);
    expect(await auditCount(`${carouselSlidesCollection}/${first.id}`, 'slide.activate')).toBe(1);

    for (const { id } of [first, second]) {
      await callOk('deleteCarouselSlide', { slideId: id }, admin);
      expect((await adminDb.collection(carouselSlidesCollection).doc(id).get()).exists).toBe(false);
      expect(await auditCount(`${carouselSlidesCollection}/${id}`, 'slide.delete')).toBe(1);
    }
  });
});

describe('carousel slides of a raffle that is withdrawn', () => {
  const activeSlide = async (buttonLink: string) =>
    (
      await callOk(
        'saveCarouselSlide',
        {
          slideId: null,
          title: '',
          description: 'Win it',
          imageUrl: '/images/carousel/tech.svg',
          category: 'tech',
          buttonText: '',
          buttonLink,
          isActive: true,
        },
        admin,
      )
    ).id;
  const isActive = async (id: string) =>
    (await adminDb.collection(carouselSlidesCollection).doc(id).get()).get('isActive') as boolean;

  it('takes out of the carousel the slides opening a deleted or cancelled raffle, and no others', async () => {
    // Before, the shop kept advertising a raffle it no longer sold.
    const [deleted, cancelled, kept] = await Promise.all([
      createRaffle({ category: 'tech' }),
      createRaffle({ category: 'cash' }),
      createRaffle({ category: 'tech' }),
    ]);
    const fromDeleted = await activeSlide(carouselLinkForRaffle({ id: deleted, category: 'tech' }));
    const typedForCancelled = await activeSlide(
      `/competitions/cash?utm=spring&raffle=${cancelled}`,
    );
    const fromKept = await activeSlide(carouselLinkForRaffle({ id: kept, category: 'tech' }));
    const general = await activeSlide('/competitions');

    await callOk('deleteRaffle', { raffleId: deleted }, admin);
    await callOk('cancelRaffle', { raffleId: cancelled }, admin);

    const slides = [fromDeleted, typedForCancelled, fromKept, general];
    expect(await Promise.all(slides.map(isActive))).toEqual([false, false, true, true]);
    for (const id of [fromDeleted, typedForCancelled]) {
      expect(await auditCount(`${carouselSlidesCollection}/${id}`, 'slide.deactivate')).toBe(1);
    }
  });
});
