import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { ADMIN_ONLY, EVERYONE, NOBODY, rulesSuite, ts } from '../support/rules';

const slide = (isActive: boolean, position: number) => ({
  title: 'Win big',
  description: '',
  imageUrl: '/images/carousel/win-big.svg',
  category: 'cash',
  buttonText: 'Go',
  buttonLink: '/competitions/cash',
  isActive,
  position,
});

const winner = {
  raffleId: null,
  winnerName: 'Sam P.',
  ticketNumber: 'SOL-1234-5678',
  imageUrl: null,
  prizeName: '£100',
  prizeImageUrl: null,
  prizeValue: 10000,
  announcementDate: ts('2025-01-01T00:00:00Z'),
  updatedAt: ts('2025-01-01T00:00:00Z'),
  updatedBy: null,
};

const donation = {
  charityName: 'Mind',
  amount: 5000,
  date: ts('2025-01-01T00:00:00Z'),
  description: 'Helpline',
  imageUrl: null,
};

const image = {
  name: 'car.svg',
  url: '/images/raffles/car-bmw.svg',
  storagePath: null,
  contentType: 'image/svg+xml',
  width: 800,
  height: 500,
  sizeBytes: 700,
  createdAt: ts('2025-01-01T00:00:00Z'),
  createdBy: 'admin',
};

const suite = rulesSuite('content', (put) => {
  put('carouselSlides/on', slide(true, 0));
  put('carouselSlides/off', slide(false, 1));
  put('winners/w1', winner);
  put('charityDonations/d1', donation);
  put('imageLibrary/i1', image);
});

describe('carouselSlides/{slideId}', () => {
  suite.matrix('get an active slide', EVERYONE, (db) => getDoc(doc(db, 'carouselSlides/on')));
  suite.matrix('get an inactive slide', ADMIN_ONLY, (db) => getDoc(doc(db, 'carouselSlides/off')));
  suite.matrix('list active slides', EVERYONE, (db) =>
    getDocs(query(collection(db, 'carouselSlides'), where('isActive', '==', true))),
  );
  suite.matrix('list every slide', ADMIN_ONLY, (db) => getDocs(collection(db, 'carouselSlides')));
  suite.matrix('create a slide from a browser', NOBODY, (db) =>
    setDoc(doc(db, 'carouselSlides/new'), slide(true, 2)),
  );
  suite.matrix('move a slide from a browser', NOBODY, (db) =>
    updateDoc(doc(db, 'carouselSlides/on'), { position: 5 }),
  );
  suite.matrix('delete a slide from a browser', NOBODY, (db) =>
    deleteDoc(doc(db, 'carouselSlides/on')),
  );
});

describe('winners/{winnerId}', () => {
  suite.matrix('get a winner', EVERYONE, (db) => getDoc(doc(db, 'winners/w1')));
  suite.matrix('list winners', EVERYONE, (db) => getDocs(collection(db, 'winners')));
  suite.matrix('add a winner from a browser', NOBODY, (db) =>
    setDoc(doc(db, 'winners/w2'), winner),
  );
  suite.matrix('edit a winner from a browser', NOBODY, (db) =>
    updateDoc(doc(db, 'winners/w1'), { winnerName: 'Me' }),
  );
  suite.matrix('delete a winner from a browser', NOBODY, (db) => deleteDoc(doc(db, 'winners/w1')));
});

describe('charityDonations/{donationId}', () => {
  suite.matrix('get a donation', EVERYONE, (db) => getDoc(doc(db, 'charityDonations/d1')));
  suite.matrix('list donations', EVERYONE, (db) => getDocs(collection(db, 'charityDonations')));
  suite.matrix('add a donation from a browser', NOBODY, (db) =>
    setDoc(doc(db, 'charityDonations/d2'), donation),
  );
  suite.matrix('edit a donation from a browser', NOBODY, (db) =>
    updateDoc(doc(db, 'charityDonations/d1'), { amount: 1 }),
  );
  suite.matrix('delete a donation from a browser', NOBODY, (db) =>
    deleteDoc(doc(db, 'charityDonations/d1')),
  );
});

describe('imageLibrary/{imageId}', () => {
  suite.matrix('get a library image', ADMIN_ONLY, (db) => getDoc(doc(db, 'imageLibrary/i1')));
  suite.matrix('list the image library', ADMIN_ONLY, (db) =>
    getDocs(collection(db, 'imageLibrary')),
  );
  suite.matrix('add an image from a browser', NOBODY, (db) =>
    setDoc(doc(db, 'imageLibrary/i2'), image),
  );
  suite.matrix('rename an image from a browser', NOBODY, (db) =>
    updateDoc(doc(db, 'imageLibrary/i1'), { name: 'x.svg' }),
  );
  suite.matrix('delete an image from a browser', NOBODY, (db) =>
    deleteDoc(doc(db, 'imageLibrary/i1')),
  );
});
