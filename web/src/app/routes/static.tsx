import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  COMPLAINT_ACKNOWLEDGE_HOURS,
  COMPLAINT_HANDLING_TIMES,
  COMPLAINT_COMPLEX_RESOLVE_WORKING_DAYS,
  COMPLAINT_RESOLVE_WORKING_DAYS,
  CREDIT_CARD_MONTHLY_CAP_PENCE,
  DEFAULT_MAX_TICKETS_PER_USER,
  FREE_RAFFLE_MAX_TICKETS_PER_USER,
  MINIMUM_AGE,
  POSTAL_GRACE_HOURS,
  PRIZE_CLAIM_DAYS,
  RESERVATION_TTL_MS,
  companyJurisdiction,
  formatPence,
  operatorName,
} from '@rafflewin/domain';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { AddressLines } from '@/components/AddressLines';
import { LastUpdated } from '@/components/LastUpdated';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { useSiteSettings } from '@/hooks/useSiteSettings';

/**
 * The shop's name and who runs it, from Site Settings: "RaffleWin Ltd, a company registered in
 * England and Wales (company number 01234567)", or the shop's name until the details are set.
 */
function useOperator() {
  const { settings } = useSiteSettings();
  const { siteName, legalName, companyNumber } = settings;
  const number = companyNumber ? ` (company number ${companyNumber})` : '';
  return {
    brand: siteName,
    company: operatorName(settings),
    registered: legalName
      ? `${legalName}, a company registered in ${companyJurisdiction(companyNumber)}${number}`
      : siteName,
    postalEntryAddress: settings.postalEntryAddress,
  };
}
const ICO_COMPLAINTS_URL = 'https://ico.org.uk/make-a-complaint/';

function headingId(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Scrolls to the section named in the URL (/terms#postal-entry). It waits a frame because the
 * layout scrolls to the top on every navigation, after this page's effects have run.
 */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const frame = requestAnimationFrame(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    });
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}

export function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  useScrollToHash();
  return (
    <Paper component="article" sx={{ p: { xs: 3, md: 6 }, maxWidth: 880, mx: 'auto' }}>
      <PageTitle title={title} />
      <Typography variant="h3" component="h1" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ mb: 4 }}>
        <LastUpdated />
      </Box>
      <Stack spacing={5}>{children}</Stack>
    </Paper>
  );
}

export function Section({
  title,
  id,
  children,
}: {
  title: string;
  id?: string;
  children: ReactNode;
}) {
  const anchor = id ?? headingId(title);
  return (
    <Box component="section" aria-labelledby={anchor}>
      <Typography id={anchor} variant="h5" component="h2" gutterBottom sx={{ scrollMarginTop: 96 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h6" component="h3" sx={{ pt: 1 }}>
      {children}
    </Typography>
  );
}

export function BulletList({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {items.map((item, index) => (
        <Typography key={index} component="li" sx={{ mb: 0.75 }}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to}>
      {children}
    </Link>
  );
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  );
}

const FAQ: Array<{ question: string; answer: ReactNode }> = [
  {
    question: 'Who can enter?',
    answer: (
      <>
        Anyone aged {MINIMUM_AGE} or over who lives in the United Kingdom. You need an account to
        enter, and we confirm your age when you register. Our staff and their immediate families
        cannot enter: tickets taken with a staff account are never drawn, and checkout says so.
      </>
    ),
  },
  {
    question: 'How are winners chosen and announced?',
    answer: (
      <>
        When a competition closes, one winning ticket is drawn at random from every eligible ticket,
        whether it was bought online, claimed free or sent in by post. The winner is announced
        within 24 hours of the closing date on our <PageLink to={paths.winners}>Winners</PageLink>{' '}
        page, and we contact them by e-mail and phone using the details on their account.
      </>
    ),
  },
  {
    question: 'How long do I have to claim my prize?',
    answer: (
      <>
        {PRIZE_CLAIM_DAYS} days from the day we first contact you. Please keep your e-mail address
        and phone number up to date so we can reach you. If a prize is not claimed in time it is
        forfeited, as set out in our <PageLink to={paths.terms}>Terms of Service</PageLink>.
      </>
    ),
  },
  {
    question: 'Can I enter without paying?',
    answer: (
      <>
        Yes. Every competition has a free postal entry route, and postal entries have exactly the
        same chance of winning as paid ones. The details are in the{' '}
        <PageLink to={`${paths.terms}#postal-entry`}>free postal entry</PageLink> section of our
        terms. We also run <PageLink to={paths.free}>Free Giveaways</PageLink> that you can enter
        online at no cost.
      </>
    ),
  },
  {
    question: 'Why do I have to answer a question?',
    answer: (
      <>
        UK law treats a paid prize draw as a lottery unless entrants must show skill, knowledge or
        judgement, or can enter free. We offer both: before buying tickets for a paid competition
        you answer a multiple-choice question. We do not tell you at the time whether your answer
        was right, and tickets with a wrong answer are not entered into the draw.
      </>
    ),
  },
  {
    question: 'Where can I see my tickets?',
    answer: (
      <>
        As soon as your order is confirmed, your ticket numbers appear in{' '}
        <PageLink to={paths.account.tickets}>My Tickets</PageLink> and in your confirmation e-mail.
        Every ticket in every draw is also listed on the{' '}
        <PageLink to={paths.entries}>Entry List</PageLink>, which signed-in customers can view. It
        shows the ticket number with the holder&apos;s first name and surname initial only, so you
        can check that your entry is in the draw without anyone seeing your full details.
      </>
    ),
  },
  {
    question: 'What happens if a competition is cancelled?',
    answer: (
      <>
        In the rare event that we have to cancel a competition, every paid entry is refunded in full
        to the card it was paid with. We let you know by e-mail.
      </>
    ),
  },
];

export function AboutPage() {
  const { brand, registered } = useOperator();
  return (
    <StaticPage title="About Us">
      <Section title="Our mission">
        <Typography>
          {brand} runs prize competitions for people across the UK: cash, the latest tech, cars and
          charity raffles, plus free giveaways. Our mission is simple. We want winning to be within
          everyone&apos;s reach, with fair odds, low ticket prices and draws you can see for
          yourself, and we want part of what we do to help good causes along the way.
        </Typography>
        <Typography>
          {brand} is operated by {registered}. Our company details are shown at the foot of every
          page.
        </Typography>
      </Section>

      <Section title="Our values">
        <SubHeading>Transparency</SubHeading>
        <Typography>
          Every competition shows its ticket price, the total number of tickets and its closing date
          before you enter. Our public <PageLink to={paths.entries}>Entry List</PageLink> shows
          every ticket in every draw, and our <PageLink to={paths.winners}>Winners</PageLink> page
          names every winner, so you never have to take our word for it.
        </Typography>
        <SubHeading>Integrity</SubHeading>
        <Typography>
          Closing dates are fixed and every draw is random. Postal entries are treated exactly like
          paid ones, every prize advertised is awarded, and if we ever have to cancel a competition
          we refund every paid entry in full.
        </Typography>
        <SubHeading>Community</SubHeading>
        <Typography>
          Our customers are at the heart of what we do. Through our{' '}
          <PageLink to={paths.charity}>Charity Raffles</PageLink> a share of ticket sales goes to
          good causes, and our free giveaways mean anyone can take part whatever their budget.
          Please play responsibly and only spend what you can afford.
        </Typography>
      </Section>

      <Section title="Complaints">
        <Typography>
          We work hard to get things right, but if something goes wrong we want to hear about it.
          You can raise a complaint through our <PageLink to={paths.contact}>Contact</PageLink>{' '}
          page. Please include your order number or ticket numbers if your complaint is about a
          particular entry.
        </Typography>
        <BulletList
          items={[
            `We acknowledge every complaint within ${COMPLAINT_ACKNOWLEDGE_HOURS} hours.`,
            `We aim to resolve complaints within ${COMPLAINT_RESOLVE_WORKING_DAYS} working days.`,
            `Complex cases, for example those that need information from a third party, can take up to ${COMPLAINT_COMPLEX_RESOLVE_WORKING_DAYS} working days. If yours does, we will tell you why and keep you updated.`,
          ]}
        />
        <Typography>
          Once we have investigated we will send you our final response in writing, explaining what
          we found and what we will do to put things right. Making a complaint does not affect your
          legal rights.
        </Typography>
      </Section>

      <Section title="Frequently asked questions">
        {FAQ.map(({ question, answer }) => (
          <Box key={question}>
            <SubHeading>{question}</SubHeading>
            <Typography>{answer}</Typography>
          </Box>
        ))}
      </Section>
    </StaticPage>
  );
}

export function TermsPage() {
  const { brand, registered, postalEntryAddress } = useOperator();
  return (
    <StaticPage title="Terms of Service">
      <Section title="1. About these terms">
        <Typography>
          These terms apply to every competition, raffle and giveaway on {brand}, which is operated
          by {registered} (&quot;we&quot;, &quot;us&quot;). By creating an account or entering a
          competition you agree to them. Each competition page may add details of its own, such as
          the prize, the number of tickets and the closing date; if they differ from these terms,
          the competition page applies to that competition.
        </Typography>
        <Typography>
          We may update these terms from time to time. The version that applies to an entry is the
          one shown here when the entry was made. Nothing in these terms affects your statutory
          rights as a consumer.
        </Typography>
      </Section>

      <Section title="2. Eligibility">
        <BulletList
          items={[
            `Competitions are open only to UK residents aged ${MINIMUM_AGE} or over.`,
            'You must hold a single account in your own name, with accurate details. We may ask for proof of age, identity and address at any time, and always before releasing a prize.',
            'Our employees, their immediate families and anyone professionally connected with a competition may not enter it.',
            'We may disqualify entries and close accounts that break these terms, including entries made through multiple accounts, by automated means or with false details. Paid entries disqualified for these reasons are not refunded.',
          ]}
        />
      </Section>

      <Section title="3. Entering online">
        <Typography>
          Online entry to a paid competition costs the ticket price shown on that competition and in
          its How to Enter details. Your basket and the checkout always show the total before you
          pay, and payment is taken by card through our payment processor. An entry is only valid
          once payment is confirmed; your ticket numbers are then shown in{' '}
          <PageLink to={paths.account.tickets}>My Tickets</PageLink> and sent to you by e-mail.
        </Typography>
        <Typography>
          Unless a competition says otherwise you may hold up to {DEFAULT_MAX_TICKETS_PER_USER}{' '}
          tickets per competition. Free giveaways allow {FREE_RAFFLE_MAX_TICKETS_PER_USER} entry per
          person. Ticket numbers are allocated automatically, except where a competition offers Pick
          Your Numbers (any number still free may then be chosen), and cannot be transferred.
        </Typography>
        <Typography>
          Once confirmed, an entry cannot be cancelled or refunded except as set out in section 9 or
          where the law requires.
        </Typography>
      </Section>

      <Section title="4. The skill question">
        <Typography>
          To enter a paid competition online you must answer a multiple-choice question that tests
          skill, knowledge or judgement. Your answer applies to every ticket you buy for that
          competition in the same order. We do not tell you at the time whether your answer is
          correct. Tickets bought with an incorrect answer are still issued and shown in My Tickets,
          but they are not entered into the draw and are not refunded.
        </Typography>
      </Section>

      <Section title="5. Free postal entry" id="postal-entry">
        <Typography>
          Every competition can be entered free of charge by post. Send your entry to the address
          given in that competition&apos;s How to Enter details
          {postalEntryAddress ? ':' : '.'}
        </Typography>
        {postalEntryAddress && <AddressLines address={postalEntryAddress} />}
        <Typography>
          Valid postal entries are entered into the draw in exactly the same way as online entries
          and have the same chance of winning. The following terms apply:
        </Typography>
        <BulletList
          items={[
            'Each postal entry gives one ticket.',
            'Entries must be sent on an unenclosed postcard (not in an envelope).',
            'Each postcard must include your full name, address, phone number and e-mail address.',
            'Bulk entries (several postcards sent together in one envelope or package) count as one entry.',
            'Entries must arrive before the closing date of the competition.',
            `A postal entry that arrives within ${POSTAL_GRACE_HOURS} hours after the closing date is not entered into that draw; instead, your account is given a credit equal to the online cost of one ticket, once per person per competition (further late entries to the same competition are void, so postage cannot buy tickets). Entries arriving later than that are void.`,
            `You must have a ${brand} account with your address on it, so that we can match your postal entry to you.`,
          ]}
        />
        <Typography>
          We are not responsible for entries that are lost, delayed or damaged in the post, or that
          are illegible. Proof of posting is not proof of receipt.
        </Typography>
      </Section>

      <Section title="6. Closing dates">
        <Typography>
          Each competition&apos;s closing date and time is shown on its page and is fixed. We do not
          extend a competition or bring its draw forward, whether or not every ticket has been sold.
          If all tickets sell out early, entry closes and the draw takes place on the closing date
          as planned. All times are UK time.
        </Typography>
      </Section>

      <Section title="7. Winner selection and notification">
        <Typography>
          After the closing date one winning ticket is selected at random from all eligible tickets:
          paid, free and postal. The winner is announced within 24 hours of the closing date on our{' '}
          <PageLink to={paths.winners}>Winners</PageLink> page and contacted by e-mail and phone
          using the details on their account.
        </Typography>
        <Typography>
          By entering you agree that, if you win, we may publish your first name, the initial of
          your surname, your ticket number and the prize on our website and social media. You can
          ask us not to publish your details, although we may still have to share them with a
          regulator on request.
        </Typography>
      </Section>

      <Section title="8. Claiming your prize">
        <Typography>
          Winners must respond and claim their prize within {PRIZE_CLAIM_DAYS} days of our first
          attempt to contact them. Before releasing a prize we verify the winner&apos;s identity,
          age and address. If a prize is not claimed within {PRIZE_CLAIM_DAYS} days, or the winner
          is found not to be eligible, the prize is forfeited and we may draw another winner from
          the remaining eligible tickets.
        </Typography>
        <Typography>
          Physical prizes are delivered free of charge to an address in the UK, or collected by
          arrangement. Cash prizes are paid by bank transfer to an account in the winner&apos;s
          name. Prizes cannot be transferred to another person.
        </Typography>
        <SubHeading>Cash alternatives</SubHeading>
        <Typography>
          Where a competition page offers a cash alternative, the winner may choose to receive that
          amount instead of the prize. Otherwise no cash alternative is available. If a prize
          becomes unavailable for reasons beyond our control, we may replace it with a prize of
          equal or greater value, or offer its advertised value in cash.
        </Typography>
      </Section>

      <Section title="9. Cancelled competitions and refunds">
        <Typography>
          We may cancel a competition if circumstances beyond our reasonable control make it
          impossible to run fairly, or if we are required to by law. If we do, every paid entry is
          refunded in full to the card used to pay, normally within 14 days, and we tell entrants by
          e-mail. Postal entrants are notified in the same way. Apart from cancellation, entries are
          not refundable once confirmed.
        </Typography>
      </Section>

      <Section title="10. Complaints">
        <Typography>
          If you are unhappy with any part of our service, please tell us through our{' '}
          <PageLink to={paths.contact}>Contact</PageLink> page. {COMPLAINT_HANDLING_TIMES} Our full
          complaints process is described on our <PageLink to={paths.about}>About</PageLink> page.
        </Typography>
      </Section>

      <Section title="11. Our liability">
        <Typography>
          We are responsible for loss or damage you suffer that is a foreseeable result of our
          breaking these terms or failing to use reasonable care and skill. We are not responsible
          for loss that was not foreseeable, for technical failures outside our control, or for loss
          caused by your own breach of these terms. Nothing in these terms limits our liability for
          death or personal injury caused by our negligence, for fraud, or for anything else that
          cannot be limited by law.
        </Typography>
      </Section>

      <Section title="12. Governing law">
        <Typography>
          These terms are governed by the law of England and Wales, and the courts of England and
          Wales have jurisdiction over any dispute. If you live in Scotland or Northern Ireland, you
          may also bring proceedings in the courts where you live.
        </Typography>
      </Section>
    </StaticPage>
  );
}

export function PrivacyPage() {
  const { brand, company } = useOperator();
  return (
    <StaticPage title="Privacy Policy">
      <Section title="Who we are">
        <Typography>
          {company} (&quot;we&quot;, &quot;us&quot;) operates {brand} and is the controller of your
          personal data under the UK General Data Protection Regulation (UK GDPR) and the Data
          Protection Act 2018. This policy explains what we collect, why, who we share it with, how
          long we keep it and the rights you have. Our company details are shown at the foot of
          every page.
        </Typography>
      </Section>

      <Section title="The data we collect">
        <BulletList
          items={[
            <>
              <strong>Account details:</strong> your name, e-mail address, password (stored only in
              a securely hashed form), phone number, date of birth, postal address, and an optional
              username and bio. Your security settings, such as two-factor authentication, and your
              notification preferences.
            </>,
            <>
              <strong>Orders and payments:</strong> what you bought, when and for how much. Card
              payments are handled by our payment processor; we never see or store your full card
              number.
            </>,
            <>
              <strong>Tickets and entries:</strong> your ticket numbers, the answers you give to
              skill questions, postal entries and any prizes you win.
            </>,
            <>
              <strong>Support messages:</strong> the messages you send us through the Contact page
              or your account&apos;s support area, and our replies.
            </>,
            <>
              <strong>Cookies and device data:</strong> information stored in or read from your
              browser, such as your basket, your cookie choices and, if you allow them, analytics
              and marketing cookies (see below), and technical data such as your IP address and
              browser type, which we use to keep accounts secure.
            </>,
          ]}
        />
      </Section>

      <Section title="How we use your data and our lawful bases">
        <BulletList
          items={[
            <>
              <strong>To run your account and your entries</strong>, take payment, issue tickets,
              carry out draws and deliver prizes. Lawful basis: performance of our contract with
              you.
            </>,
            <>
              <strong>To check that you are eligible</strong> (aged {MINIMUM_AGE} or over and
              resident in the UK) and to prevent fraud and misuse. Lawful bases: legal obligation
              and our legitimate interest in running fair competitions.
            </>,
            <>
              <strong>To keep financial records</strong> required by tax and company law. Lawful
              basis: legal obligation.
            </>,
            <>
              <strong>To publish the Entry List and winners</strong>, showing only a first name and
              surname initial beside each ticket. Lawful basis: our legitimate interest in proving
              that every draw is fair.
            </>,
            <>
              <strong>To answer your questions and complaints</strong> and to send you service
              messages about your orders, tickets and account. Lawful bases: contract and legitimate
              interests.
            </>,
            <>
              <strong>To send marketing e-mails and use analytics and marketing cookies</strong>.
              Lawful basis: your consent, which you can withdraw at any time.
            </>,
          ]}
        />
      </Section>

      <Section title="Who we share your data with">
        <Typography>
          We never sell your personal data. We share it only with service providers who process it
          on our behalf, under contracts that require them to keep it secure and use it only for our
          instructions:
        </Typography>
        <BulletList
          items={[
            'Stripe, our payment processor, which takes card payments and screens them for fraud.',
            'Our e-mail provider, which delivers order confirmations, account messages and, if you have agreed to them, marketing e-mails.',
            'Google Cloud (Firebase), which hosts the site, our database and your sign-in details.',
          ]}
        />
        <Typography>
          We may also disclose data where the law requires it, for example to HM Revenue &amp;
          Customs, the police or a regulator. Where a provider processes data outside the UK, we
          make sure it is protected by UK adequacy regulations or the UK&apos;s approved data
          transfer safeguards.
        </Typography>
      </Section>

      <Section title="How long we keep your data">
        <BulletList
          items={[
            'Account details: for as long as your account is open. When you delete your account we erase or anonymise them, except what we must keep for the reasons below.',
            'Orders, payments, tickets and prize records: six years after the end of the financial year they relate to, as required by tax and company law.',
            'Support messages: two years after the conversation ends, so that we can deal with any follow-up or complaint.',
            'Cookie choices: stored in your own browser until you change them or clear your browser data.',
          ]}
        />
      </Section>

      <Section title="Your rights">
        <Typography>Under UK data protection law you have the right to:</Typography>
        <BulletList
          items={[
            'access the personal data we hold about you;',
            'have inaccurate or incomplete data corrected (rectification);',
            'have your data erased where we no longer have a reason to keep it;',
            'restrict how we use your data while a concern is looked into;',
            'receive your data in a portable, machine-readable format (portability);',
            'object to processing based on our legitimate interests, and to direct marketing at any time;',
            'withdraw your consent at any time, without affecting processing already carried out.',
          ]}
        />
        <Typography>
          You can export your data and delete your account yourself from{' '}
          <PageLink to={paths.account.settings}>Account Settings</PageLink>. For any other request,
          contact us as described below. We respond within one month and do not charge a fee.
        </Typography>
      </Section>

      <Section title="Cookies">
        <Typography>
          Cookies and similar technologies (including your browser&apos;s local storage) let a
          website remember information on your device. We use three categories:
        </Typography>
        <BulletList
          items={[
            <>
              <strong>Strictly necessary:</strong> keep you signed in, remember your basket and your
              cookie choices, and protect the site and payments. These are always on because the
              site cannot work without them.
            </>,
            <>
              <strong>Analytics:</strong> tell us how visitors use the site so we can improve it.
              Used only if you allow them.
            </>,
            <>
              <strong>Marketing:</strong> help us measure our advertising and show you relevant
              offers on other sites. Used only if you allow them.
            </>,
          ]}
        />
        <Typography>
          When you first visit we ask for your choice. You can change it at any time with Cookie
          Settings in the footer of every page.
        </Typography>
      </Section>

      <Section title="Contact and complaints">
        <Typography>
          For questions about this policy or to exercise your rights, contact us through our{' '}
          <PageLink to={paths.contact}>Contact</PageLink> page, or write to us at our registered
          office shown at the foot of every page.
        </Typography>
        <Typography>
          If you are unhappy with how we have handled your data, you have the right to complain to
          the Information Commissioner&apos;s Office (ICO), the UK&apos;s data protection regulator,
          at <ExternalLink href={ICO_COMPLAINTS_URL}>ico.org.uk/make-a-complaint</ExternalLink> or
          on 0303 123 1113. We would appreciate the chance to put things right first, so please
          contact us before going to the ICO.
        </Typography>
      </Section>
    </StaticPage>
  );
}

/** "Our commitments": how we run draws fairly and protect players. */
export function CommitmentsPage() {
  return (
    <StaticPage title="Our Commitments">
      <Typography>
        Prize draws must be fair, open and safe. These are the promises we keep on every
        competition, and how you can check them. Our free entry route and prize draws follow the
        Gambling Act 2005 (section 14 and Schedule 2), the CAP Code (rules 8.17, 8.24 and 8.28.5)
        and the DCMS Voluntary Code of Good Practice for Prize Draw Operators (November 2025).
      </Typography>
      <Section title="Draws anyone can verify">
        <BulletList
          items={[
            'Before the first entry, our server creates a secret random number (the seed) and publishes its SHA-256 fingerprint on the competition. Nobody, not even our staff, can see the seed until the draw.',
            'At the close, the eligible entries are frozen and their fingerprint published. The winning ticket follows from the seed and that list by a published method, and the seed is then revealed.',
            <>
              Every competition has a draw page with all of this and a Verify button that repeats
              the draw in your browser. Public <PageLink to={paths.entries}>Entry Lists</PageLink>{' '}
              show every ticket and its holder.
            </>,
            'Draws run automatically as soon as a competition closes (at its closing date, or when it sells out if it says so), exactly once. Tickets taken by our staff and administrators are never drawn; whether a ticket is theirs is recorded when it is issued, so nobody can be left out of a draw by being given a staff role before it.',
          ]}
        />
      </Section>
      <Section title="Free entry with the same chance">
        <BulletList
          items={[
            <>
              Every competition can be entered free by post, shown as prominently as paid entry. See
              the <PageLink to={`${paths.terms}#postal-entry`}>postal entry terms</PageLink>.
            </>,
            'Postal entries go into the same draw as paid ones, count against the same limits and have exactly the same chance.',
            `A postcard arriving within ${POSTAL_GRACE_HOURS} hours after the close gets a credit worth one online ticket instead; later ones are politely refused.`,
            'Entries whose answer to the skill question is wrong are not entered in the draw, and we say so plainly in your confirmation e-mail and in My Tickets.',
          ]}
        />
      </Section>
      <Section title="Fixed closing dates, and refunds if we cancel">
        <BulletList
          items={[
            'Once any ticket is sold, a competition’s closing date is never moved later.',
            'If we ever have to cancel a competition, every paid entry is refunded in full, automatically, and you are told by e-mail.',
          ]}
        />
      </Section>
      <Section title="Choosing your numbers, bundles and codes">
        <BulletList
          items={[
            'On competitions that offer it, you can choose your ticket numbers on the number board, or take a lucky dip: our server draws free numbers at random, every free number equally likely, and you may re-roll as often as you like before paying.',
            `The numbers you choose are held for you for ${RESERVATION_TTL_MS / 60_000} minutes while you pay, and your tickets carry exactly those numbers. If someone else takes one first, we tell you which and keep the rest in your basket.`,
            'A chosen number, a lucky dip and a postal entry all have exactly the same chance in the draw.',
            'Bundle prices and promo codes are shown before you pay, and your spending limit counts what you actually pay.',
          ]}
        />
      </Section>
      <Section title="Instant wins">
        <BulletList
          items={[
            'Some competitions have instant prizes on ticket numbers we choose before the first ticket is sold. We publish a fingerprint (SHA-256) of the list then, keep the numbers secret, and reveal them at the draw, where the draw page checks them against that fingerprint.',
            'If your ticket lands on one, you win it at once: your order page, your confirmation e-mail and a notification say so, and you choose the prize, its cash alternative or site credit.',
            'Every competition with instant prizes allocates its ticket numbers at random (it never offers Pick Your Numbers, so nobody who knows where the prizes are can choose them), shows the prizes left and your odds, and takes debit cards only: a credit card payment is refunded in full.',
            'Competitions with instant prizes are never the majority of our live competitions, and our staff can never win them.',
          ]}
        />
      </Section>
      <Section title="Transparency on every competition">
        <Typography>
          Each competition shows its maximum number of entries, how many tickets have been sold, how
          many you hold, and the odds: one ticket’s chance now, and your own chance.
        </Typography>
      </Section>
      <Section title="Protecting players">
        <BulletList
          items={[
            `Entrants must be ${MINIMUM_AGE} or over; we check your date of birth at every checkout.`,
            'Before your first purchase you choose a monthly spending limit (it can be £0). Lowering it applies at once; raising it takes 24 hours.',
            'You can take a break from play for 24 hours, 7 days, 30 days, 6 months or for good. During a break you cannot buy tickets and we send no marketing e-mail.',
            `Credit card spending is capped at ${formatPence(CREDIT_CARD_MONTHLY_CAP_PENCE)} a month.`,
            <>
              Set your limits and find support on our{' '}
              <PageLink to={paths.responsiblePlay}>Responsible Play</PageLink> page.
            </>,
          ]}
        />
      </Section>
      <Section title="Complaints">
        <Typography>
          Every message to support gets a reference number. {COMPLAINT_HANDLING_TIMES} See{' '}
          <PageLink to={paths.about}>About us</PageLink>.
        </Typography>
      </Section>
    </StaticPage>
  );
}
