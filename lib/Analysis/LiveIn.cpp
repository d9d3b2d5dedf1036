//===- LiveIn.cpp - Arrays a nest overwrites before reading ---------------===//
//
// See LiveIn.h. isl's dataflow analysis (isl_union_access_info_compute_flow)
// on the nest's sequential order, the coverage test by set inclusion.
//
//===----------------------------------------------------------------------===//

#include "loopgpu/Analysis/LiveIn.h"
#include "loopgpu/Analysis/Footprint.h"
#include "loopgpu/IR/IslBuilder.h"

#include <isl/flow.h>
#include <isl/map.h>
#include <isl/set.h>

#include <chrono>

namespace loopgpu {

namespace {

bool fail(std::string *Why, const std::string &Reason) {
  if (Why)
    *Why = Reason;
  return false;
}

} // namespace

/// The elements of a pointer the host code allocates as many elements of as
/// nest N touches (ElementCount.h: from 0 to the largest outer index the
/// accesses reach, all of the inner extents): null where an access is not
/// exact.
static isl::set allocatedBox(const Nest &N, const IslBuilder &B, unsigned Array) {
  const ArrayInfo &AI = N.Arrays[Array];
  for (unsigned K = 1; K < AI.rank(); ++K)
    if (!AI.Extents[K])
      return isl::set();
  isl::set Inner;
  for (const Access &A : N.Accesses)
    if (A.isArray() && A.Index == Array && Inner.is_null())
      Inner = B.elementsInBounds(A);
  isl::set Touched = touchedOuterIndices(B, N, Array);
  if (Touched.is_null() || Inner.is_null())
    return isl::set();
  // { x : 0 <= x0 <= some touched outer index } within the inner extents.
  isl_set *Outer = Touched.release();
  isl_map *AtMost = isl_map_lex_ge(isl_space_domain(isl_space_map_from_set(isl_set_get_space(Outer))));
  Outer = isl_set_lower_bound_si(isl_set_apply(Outer, AtMost), isl_dim_set, 0, 0);
  Outer = isl_set_add_dims(Outer, isl_dim_set, AI.rank() - 1);
  Outer = isl_set_reset_tuple_id(Outer);
  isl::set Box = isl::manage(isl_set_set_tuple_id(Outer, isl_set_get_tuple_id(Inner.get())));
  return Box.intersect(Inner);
}

bool overwritesBeforeReading(const Nest &N, unsigned Array, std::string *Why, bool AllocatedByTouch) {
  if (Array >= N.Arrays.size())
    return fail(Why, "no such array");
  const ArrayInfo &AI = N.Arrays[Array];
  IslContext Ctx;
  Ctx.setBudget(2000000);
  IslDeadline Deadline(Ctx, std::chrono::milliseconds(5000));
  try {
    IslBuilder B(N, Ctx.get());
    isl::union_map Reads, MustWrites, MayWrites;
    isl::set Written, All;
    for (const Access &A : N.Accesses) {
      if (!A.isArray() || A.Index != Array)
        continue;
      if (All.is_null()) {
        All = AllocatedByTouch ? allocatedBox(N, B, Array) : B.allElements(A);
        if (All.is_null())
          return fail(Why, "an extent of '" + AI.Name + "' is not known");
        Written = isl::set::empty(All.get_space());
      }
      isl::map Rel = B.accessRelation(A.Id);
      isl::union_map U(Rel);
      if (!A.IsWrite) {
        Reads = Reads.is_null() ? U : Reads.unite(U);
      } else if (A.IsMust && A.IsAffine && B.isAccessExact(A.Id) && B.isDomainExact(A.Stmt)) {
        MustWrites = MustWrites.is_null() ? U : MustWrites.unite(U);
        Written = Written.unite(Rel.range());
      } else {
        MayWrites = MayWrites.is_null() ? U : MayWrites.unite(U);
      }
    }
    if (All.is_null())
      return fail(Why, "the nest does not use '" + AI.Name + "'");
    if (!All.is_subset(Written))
      return fail(Why, "the nest may leave elements of '" + AI.Name + "' unwritten");
    if (!Reads.is_null()) {
      isl::union_map Schedule = originalSchedule(B);
      isl_union_access_info *Info = isl_union_access_info_from_sink(Reads.release());
      Info = isl_union_access_info_set_must_source(Info, MustWrites.release());
      if (!MayWrites.is_null())
        Info = isl_union_access_info_set_may_source(Info, MayWrites.release());
      Info = isl_union_access_info_set_schedule_map(Info, Schedule.release());
      isl_union_flow *Flow = isl_union_access_info_compute_flow(Info);
      if (!Flow)
        return fail(Why, "isl's dataflow analysis failed");
      isl::union_map NoSource = isl::manage(isl_union_flow_get_may_no_source(Flow));
      isl_union_flow_free(Flow);
      if (NoSource.is_null())
        return fail(Why, "isl's dataflow analysis failed");
      if (!NoSource.is_empty())
        return fail(Why, "the nest may read an element of '" + AI.Name + "' before writing it");
    }
    return true;
  } catch (const isl::exception &) {
    return fail(Why, Deadline.expired() ? "isl ran past its time limit" : "isl ran out of its operation budget");
  }
}

} // namespace loopgpu
