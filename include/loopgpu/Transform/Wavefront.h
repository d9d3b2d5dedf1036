//===- Wavefront.h - Skewing a sequential band into wavefronts --*- C++ -*-===//
//
// A perfectly nested band in which every loop carries a dependence runs in
// one GPU thread as it is. Its instances can still run in parallel along a
// wavefront: with the iterators in execution order (e_p = x_p for a loop
// running upward, -x_p downward), pick non-negative integers h_p such that
//
//   h . (sink - source) >= 1   for every dependence between two instances
//                              of the band that are not in one iteration,
//
// and run the instances in order of w = h . e (one wave after another, the
// w loop sequential); instances with the same w are then independent, so the
// band's loops inside the w loop are parallel. This is the hyperplane method
// (Lamport), the skew-and-wavefront of Wolf and Lam; the h is found by trying
// small coefficients against the dependences' direction vectors and constant
// distances (a component without a constant distance counts as 1 for '<',
// and '>' admits only h_p = 0), which over-approximates every dependence, so
// the test is sound.
//
// The code: for a band (x_0, ..., x_k-1) and a position m with h_m = 1, x_m
// is determined by w and the other iterators; its loop stays innermost with
// the single iteration x_m = s_m (w - sum_{p != m} h_p e_p) inside its
// original bounds:
//
//   for (t = ...) for (i = ...) for (j = ...) S      h = (4, 2, 1), m = j
//   ->
//   for (w = wlo; w <= whi; w++)                     sequential (waves)
//     for (t = tlo(w); t <= thi(w); t++)             parallel
//       for (i = ilo(w); i <= ihi(w); i++)           parallel
//         for (j = max(1, w-4t-2i); j <= min(n-2, w-4t-2i); j++)
//           if (bounds of t, i that involve other band loops) S
//
// The bounds of w and of each other loop (given w only: a rectangular band
// for the grid) come from projection with ISL and floor/ceil division
// (LoopBounds.h); they may include a few points outside the
// integer projection, which the single-iteration loop and the guard skip.
// Every instance runs exactly once, with the same values (legality: the
// inequality above).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_WAVEFRONT_H
#define LOOPGPU_TRANSFORM_WAVEFRONT_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace loopgpu {

struct WavefrontPlan {
  std::vector<unsigned> Band;  ///< loop ids, outermost first (a perfect chain)
  std::vector<int64_t> H;      ///< per band loop, in execution-order coordinates
  unsigned Eliminated = 0;     ///< position in Band of the loop x_m (H == 1)
  /// "4*t + 2*i + j" in the source's iterators, for messages.
  std::string Hyperplane;
};

/// The wavefront of Band (loop ids, a perfect chain, outermost first) with
/// the smallest sum of coefficients, or nullopt with Why. Band loops must
/// have step +-1 and iterators not read after the nest.
std::optional<WavefrontPlan> findWavefront(const Nest &N, const DependenceInfo &DI,
                                           const std::vector<unsigned> &Band, std::string &Why);

/// The wavefront of the longest prefix of Chain (a perfect chain of loops,
/// outermost first; at most 4 loops are tried) that has one: the loops of a
/// longer chain that do not take part stay inside the single-iteration loop.
std::optional<WavefrontPlan> findWavefrontPrefix(const Nest &N, const DependenceInfo &DI,
                                                 const std::vector<unsigned> &Chain, std::string &Why);

/// Rewrites the band as the plan says (see above), records the
/// transformation and finalizes the nest. False (with Why) if the new bounds
/// cannot be computed; N is then unchanged.
bool applyWavefront(Nest &N, const WavefrontPlan &P, std::string &Why);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_WAVEFRONT_H
