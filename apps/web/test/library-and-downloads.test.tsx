import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ExerciseItem, VideoCatalogSummary } from '@swingfit/contracts';
import { apiGet } from '../src/api/client';
import { stubServer, type FakeServer } from './fake-server';
import { ExerciseLibraryScreen } from '../src/screens/exercises/ExerciseLibraryScreen';
import { libraryLink } from '../src/components/exercise/library-link';
import { filterExercises, splitByPlan } from '../src/screens/exercises/library-logic';
import { AdminDownloadsScreen } from '../src/screens/admin/downloads/AdminDownloadsScreen';
import { fileSizeText, importResultText, summaryLine } from '../src/screens/admin/downloads/downloads-logic';

let server: FakeServer['routes'];
let calls: FakeServer['calls'];

beforeEach(() => {
  ({ routes: server, calls } = stubServer());
});
afterEach(() => vi.unstubAllGlobals());

function renderWith(ui: React.ReactNode, at = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: ({ queryKey }) => apiGet(String(queryKey[0])) } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const item = (id: number, name: string, over: Partial<ExerciseItem> = {}): ExerciseItem => ({
  id, slug: name.toLowerCase().replace(/ /g, '-'), name, description: `${name}: a golf move.`, category: 'mobility', focusArea: 'Thoracic Spine Mobility', target: 'Back', difficulty: 2, duration: 150,
  sets: 2, repetitions: 10, isPremium: false, imageUrl: '/exercise-art/thoracic-spine-mobility.svg', rating: null, equipment: 'Mat', instructions: ['Do it.'], coachingCues: ['Slowly.'], locked: false, video: null, ...over,
});

const LIBRARY = [
  item(1, 'Open Book'),
  item(2, 'Goblet Squat', { category: 'strength', difficulty: 3, isPremium: true, locked: true, instructions: [], coachingCues: [], repetitions: 10, sets: 3, duration: 65, rating: 4.5 }),
  item(3, 'Single-Leg Balance', { category: 'balance', difficulty: 4, repetitions: null, description: 'Stand on one foot to steady the ankle.' }),
];

describe('/exercises', () => {
  it('splits Free and Premium, with badges, difficulty labels, m:ss, sets x reps and stars', async () => {
    server.set('GET /api/exercises', { body: LIBRARY });
    renderWith(<ExerciseLibraryScreen />);
    await screen.findByText('Free Exercises');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Exercise Library');
    const premium = within(screen.getByRole('region', { name: 'Premium Exercises' }));
    const squat = premium.getByRole('button', { name: 'Goblet Squat, Premium' });
    expect(within(squat).getByText('Premium')).toBeTruthy();
    expect(within(squat).getByText('Medium')).toBeTruthy();
    expect(within(squat).getByText('1:05')).toBeTruthy();
    expect(within(squat).getByText('3 x 10')).toBeTruthy();
    expect(within(squat).getByLabelText('Rated 4.5 of 5')).toBeTruthy();
    const free = within(screen.getByRole('region', { name: 'Free Exercises' }));
    expect(free.getByText('Easy')).toBeTruthy();
    expect(free.getByText('Hard')).toBeTruthy();
    expect(free.getByText('2 sets')).toBeTruthy();
    expect(free.queryByText('Premium')).toBeNull();
  });

  it('opens searched for the exercise an analysis linked to (libraryLink)', async () => {
    server.set('GET /api/exercises', { body: LIBRARY });
    renderWith(<ExerciseLibraryScreen />, libraryLink('Open Book'));
    await screen.findByText('Free Exercises');
    expect((screen.getByPlaceholderText('Search exercises...') as HTMLInputElement).value).toBe('Open Book');
    expect(screen.getAllByTestId('library-card').map((c) => c.getAttribute('aria-label'))).toEqual(['Open Book']);
  });

  it('searches name and description and filters by chip; nothing found shows the empty state', async () => {
    server.set('GET /api/exercises', { body: LIBRARY });
    renderWith(<ExerciseLibraryScreen />);
    await screen.findByText('Free Exercises');
    fireEvent.change(screen.getByPlaceholderText('Search exercises...'), { target: { value: 'ankle' } });
    expect(screen.getAllByTestId('library-card').map((c) => c.getAttribute('aria-label'))).toEqual(['Single-Leg Balance']);
    fireEvent.change(screen.getByPlaceholderText('Search exercises...'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Strength' }));
    expect(screen.getAllByTestId('library-card').map((c) => c.getAttribute('aria-label'))).toEqual(['Goblet Squat, Premium']);
    expect(screen.queryByText('Free Exercises')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('Search exercises...'), { target: { value: 'zzz' } });
    expect(screen.getByText('No Exercises Found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filter criteria.')).toBeTruthy();
  });

  it('opens a card’s detail; a locked Premium exercise offers the upgrade', async () => {
    server.set('GET /api/exercises', { body: LIBRARY });
    renderWith(<ExerciseLibraryScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Book' }));
    let dialog = await screen.findByRole('dialog', { name: 'Open Book' });
    expect(within(dialog).getByText('Do it.')).toBeTruthy();
    expect(within(dialog).getByText('Slowly.')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Goblet Squat, Premium' }));
    dialog = await screen.findByRole('dialog', { name: 'Goblet Squat' });
    expect(within(dialog).getByText('Premium exercise')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/subscribe');
  });

  it('shows the error state', async () => {
    server.set('GET /api/exercises', { status: 500, body: { message: 'down' } });
    renderWith(<ExerciseLibraryScreen />);
    await screen.findByText('Unable to Load Exercises');
    expect(screen.getByText('Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('keeps the library on screen when reading it again fails (window focus)', async () => {
    server.set('GET /api/exercises', { body: LIBRARY });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: ({ queryKey }) => apiGet(String(queryKey[0])) } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ExerciseLibraryScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('Open Book');
    server.set('GET /api/exercises', { status: 500, body: { message: 'down' } });
    await act(() => client.refetchQueries());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Unable to Load Exercises')).toBeNull();
    expect(screen.getByText('Open Book')).toBeTruthy();
  });

  it('filters by words in any order', () => {
    expect(filterExercises(LIBRARY, 'GOLF open', 'all').map((e) => e.id)).toEqual([1]);
    expect(filterExercises(LIBRARY, '', 'balance').map((e) => e.id)).toEqual([3]);
    expect(splitByPlan(LIBRARY).premium.map((e) => e.id)).toEqual([2]);
  });
});

const SUMMARY: VideoCatalogSummary = {
  total: 398,
  active: 398,
  fileName: 'golf-exercise-videos.xlsx',
  fileSizeBytes: 220_160,
  categories: [
    { category: 'Core Control & Rotational Strength', label: 'Core Control & Rotational Strength', count: 153 },
    { category: 'Postural Integrity', label: 'Postural Integrity / Flexibility', count: 3 },
  ],
};

describe('/admin/downloads', () => {
  it('shows the counts from the server, the total, the file size, the Download Excel button and the instructions', async () => {
    server.set('GET /api/admin/exercise-videos/summary', { body: { ...SUMMARY, categories: [...SUMMARY.categories, ...Array.from({ length: 5 }, (_, i) => ({ category: `C${i}`, label: `C${i}`, count: 0 }))] } });
    renderWith(<AdminDownloadsScreen />);
    await screen.findByText('Exercise Video Database');
    expect(screen.getByTestId('download-info').textContent).toBe('398 videos in 7 categories, about 215 KB.');
    const download = screen.getByRole('link', { name: 'Download Excel' });
    expect(download.getAttribute('href')).toBe('/api/download/excel');
    expect(download.getAttribute('download')).toBe('golf-exercise-videos.xlsx');
    const table = within(screen.getByRole('region', { name: 'Videos per category' }));
    expect(table.getByRole('rowheader', { name: 'Postural Integrity / Flexibility' }).nextSibling!.textContent).toBe('3');
    expect(table.getByRole('rowheader', { name: 'Total' }).nextSibling!.textContent).toBe('398');
    expect(screen.getByText('How to edit and re-import')).toBeTruthy();
  });

  it('uploads the edited file and lists each refused row with its row number', async () => {
    server.set('GET /api/admin/exercise-videos/summary', { body: SUMMARY });
    server.set('POST /api/admin/exercise-videos/import', {
      status: 400,
      body: { message: 'The spreadsheet has 1 problem; nothing was changed.', errorCount: 1, rowErrors: [{ sheet: 'Videos', row: 7, column: 'Category', reason: "Category 'Putting' is not one of the seven focus categories" }] },
    });
    renderWith(<AdminDownloadsScreen />);
    await screen.findByText('Exercise Video Database');
    const file = new File(['xlsx'], 'edited.xlsx');
    fireEvent.change(screen.getByLabelText('Spreadsheet file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import Spreadsheet' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The spreadsheet has 1 problem; nothing was changed.');
    expect(alert.textContent).toContain("Videos, row 7: Category 'Putting' is not one of the seven focus categories");
    expect(calls.find((c) => c.method === 'POST')!.body).toBeInstanceOf(FormData);

    server.set('POST /api/admin/exercise-videos/import', { body: { rows: 399, inserted: 1, updated: 398 } });
    fireEvent.click(screen.getByRole('button', { name: 'Import Spreadsheet' }));
    await screen.findByText('Imported 399 rows: 1 new, 398 updated.');
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/admin/exercise-videos/summary').length).toBe(2));
  });

  it('asks for the admin sign-in on 401 and 403', async () => {
    for (const status of [401, 403]) {
      server.set('GET /api/admin/exercise-videos/summary', { status, body: { message: 'no' } });
      const view = renderWith(<AdminDownloadsScreen />);
      await screen.findByText('Admin sign-in required');
      expect(screen.getByRole('link', { name: 'Go to Admin Login' }).getAttribute('href')).toBe('/admin-login');
      view.unmount();
    }
  });

  it('writes sizes and results in plain words', () => {
    expect(fileSizeText(900)).toBe('900 bytes');
    expect(fileSizeText(220_160)).toBe('about 215 KB');
    expect(fileSizeText(3 * 1024 * 1024)).toBe('about 3.0 MB');
    expect(summaryLine({ ...SUMMARY, total: 1 })).toBe('1 video in 2 categories, about 215 KB.');
    expect(importResultText({ rows: 1, inserted: 1, updated: 0 })).toBe('Imported 1 row: 1 new, 0 updated.');
  });
});
