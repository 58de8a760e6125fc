/** A 1x1 red PNG, the smallest image the conformance suite accepts (fixtures.ts). */
export const FIXTURE_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

/** Eight samples of 8 kHz mono silence as a WAV file. */
export const FIXTURE_WAV = "UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==";
